// CTessera holds only the public header include/tessera.h; SwiftPM needs one source file per C target.
#include "tessera.h"
