#ifndef CXTEST_SHIM_H
#define CXTEST_SHIM_H

/* The XTEST extension, for the soak and the key-burst UI test: it injects real key, button and motion events into a private
   X server, so the catalog sees exactly what a user's devices would send. */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>

#endif
