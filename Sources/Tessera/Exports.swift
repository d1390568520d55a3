// Tessera's public surface includes the pixel layer: buffers, colours, kernels and errors.
@_exported import TesseraPixels
