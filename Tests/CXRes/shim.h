#ifndef CXRES_SHIM_H
#define CXRES_SHIM_H

/* The X-Resource extension, for UI tests that count the server-side resources a client holds. */
#include <X11/Xlib.h>
#include <X11/extensions/XRes.h>

#endif
