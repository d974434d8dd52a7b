#ifndef CXLIB_SHIM_H
#define CXLIB_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/keysym.h>
#include <X11/XKBlib.h>
#include <X11/cursorfont.h>
#include <X11/extensions/Xrender.h>
#include <X11/Xft/Xft.h>
#include <fontconfig/fontconfig.h>
#include <png.h>
#include <locale.h>

/* Swift cannot call C variadic functions; these fixed-arity wrappers cover what the host needs. */

/* An input context on one window. The input method draws any preedit and status itself
   (XIMPreeditNothing / XIMStatusNothing), which every IM supports, from the built-in compose
   handling to ibus and fcitx. */
static inline XIC cxlib_create_ic(XIM im, Window window) {
    return XCreateIC(im,
                     XNInputStyle, XIMPreeditNothing | XIMStatusNothing,
                     XNClientWindow, window,
                     XNFocusWindow, window,
                     (char *)NULL);
}

static inline long cxlib_ic_filter_events(XIC ic) {
    long mask = 0;
    if (XGetICValues(ic, XNFilterEvents, &mask, (char *)NULL) != NULL) return 0;
    return mask;
}

static inline void cxlib_ic_set_spot(XIC ic, short x, short y) {
    XPoint spot = { x, y };
    XVaNestedList list = XVaCreateNestedList(0, XNSpotLocation, &spot, (char *)NULL);
    if (list == NULL) return;
    XSetICValues(ic, XNPreeditAttributes, list, (char *)NULL);
    XFree(list);
}

/* PNG_FORMAT_RGBA is built from other macros, which Swift does not import. */
static const unsigned cxlib_png_format_rgba = PNG_FORMAT_RGBA;

/* ppoll is declared only under _GNU_SOURCE, which Swift's Glibc module is not built with: the
   loop sleeps toward a frame deadline in nanoseconds, where poll() takes whole milliseconds. */
#include <poll.h>
#include <signal.h>
#include <time.h>
extern int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout, const sigset_t *sigmask);

/* Waits up to `nanoseconds` (negative: without a limit) for the descriptors, as poll() does. */
static inline int cxlib_poll_ns(struct pollfd *fds, nfds_t count, long long nanoseconds) {
    if (nanoseconds < 0) return ppoll(fds, count, NULL, NULL);
    struct timespec timeout = { (time_t)(nanoseconds / 1000000000LL), (long)(nanoseconds % 1000000000LL) };
    return ppoll(fds, count, &timeout, NULL);
}

/* glibc's malloc arenas (malloc.h is not in Swift's Glibc module): one arena for every thread,
   so memory a helper thread frees is reused by the loop's allocations instead of staying in an
   arena of its own. */
#include <malloc.h>
static inline int cxlib_use_one_malloc_arena(void) { return mallopt(M_ARENA_MAX, 1); }

/* XDestroyImage is a macro. */
static inline void cxlib_destroy_image(XImage *image) { XDestroyImage(image); }

#endif
