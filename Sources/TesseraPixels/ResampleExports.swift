// The resampling types are defined next to the kernel bodies (which every tier compiles) and are part of
// the pixel layer's public surface, like the kernels that take them.
@_exported import struct TesseraKernelBodies.ResampleMapping
@_exported import enum TesseraKernelBodies.ResampleFilter
