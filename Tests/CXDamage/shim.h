#ifndef CXDAMAGE_SHIM_H
#define CXDAMAGE_SHIM_H

/* The X DAMAGE extension, for UI tests that watch which parts of a window a program repaints. */
#include <X11/Xlib.h>
#include <X11/extensions/Xdamage.h>

#endif
