#ifndef CXTEST_SHIM_H
#define CXTEST_SHIM_H

/* The XTEST extension, for UI tests that type faster than xdotool can: key events the server
   generates as if from the keyboard, so they take the real input path. */
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>

#endif
