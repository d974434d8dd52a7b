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
#include <wchar.h>

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

/* The input styles the input method offers (XNQueryInputStyle), up to `capacity` of them;
   returns how many were written (0 when the IM does not answer). */
static inline int cxlib_im_styles(XIM im, XIMStyle *styles, int capacity) {
    XIMStyles *offered = NULL;
    if (XGetIMValues(im, XNQueryInputStyle, &offered, (char *)NULL) != NULL || offered == NULL) return 0;
    int count = 0;
    for (int i = 0; i < offered->count_styles && count < capacity; i++) styles[count++] = offered->supported_styles[i];
    XFree(offered);
    return count;
}

/* On-the-spot: the client draws the preedit, told through four callbacks (XIMPreeditCallbacks).
   Xlib copies the callback records, so they may live on the stack. `start` answers the preedit's
   longest length (-1: no limit). */
static inline XIC cxlib_create_ic_callbacks(XIM im, Window window, XIMStyle style, XPointer client,
                                            XICProc start, XIMProc done, XIMProc draw, XIMProc caret) {
    XICCallback start_callback = { client, start };
    XIMCallback done_callback = { client, done };
    XIMCallback draw_callback = { client, draw };
    XIMCallback caret_callback = { client, caret };
    XVaNestedList preedit = XVaCreateNestedList(0,
                                                XNPreeditStartCallback, &start_callback,
                                                XNPreeditDoneCallback, &done_callback,
                                                XNPreeditDrawCallback, &draw_callback,
                                                XNPreeditCaretCallback, &caret_callback,
                                                (char *)NULL);
    if (preedit == NULL) return NULL;
    XIC ic = XCreateIC(im,
                       XNInputStyle, style,
                       XNClientWindow, window,
                       XNFocusWindow, window,
                       XNPreeditAttributes, preedit,
                       (char *)NULL);
    XFree(preedit);
    return ic;
}

/* Over-the-spot: the input method draws the preedit in a window of its own at the spot
   (XIMPreeditPosition), with a font set, which that style requires. */
static inline XIC cxlib_create_ic_position(XIM im, Window window, XIMStyle style, XFontSet fonts, short x, short y) {
    XPoint spot = { x, y };
    XVaNestedList preedit = XVaCreateNestedList(0, XNSpotLocation, &spot, XNFontSet, fonts, (char *)NULL);
    if (preedit == NULL) return NULL;
    XIC ic = XCreateIC(im,
                       XNInputStyle, style,
                       XNClientWindow, window,
                       XNFocusWindow, window,
                       XNPreeditAttributes, preedit,
                       (char *)NULL);
    XFree(preedit);
    return ic;
}

/* Root window (or none): the input method shows any preedit in its own window. */
static inline XIC cxlib_create_ic_style(XIM im, Window window, XIMStyle style) {
    return XCreateIC(im,
                     XNInputStyle, style,
                     XNClientWindow, window,
                     XNFocusWindow, window,
                     (char *)NULL);
}

/* A font set for over-the-spot preedit; the charsets the server lacks are left out. */
static inline XFontSet cxlib_create_font_set(Display *display) {
    char **missing = NULL, *fallback = NULL;
    int missingCount = 0;
    XFontSet fonts = XCreateFontSet(display, "-*-*-medium-r-normal--16-*-*-*-*-*-*-*,-*-*-*-*-*--*-*-*-*-*-*-*-*,*",
                                    &missing, &missingCount, &fallback);
    if (missing != NULL) XFreeStringList(missing);
    return fonts;
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

/* Writes opaque RGBA pixels as an RGB PNG for speed over size: no row filters and zlib's fastest
   level (libpng's simplified API picks filters per row and compresses hard, five times the time
   for a state matrix's thousands of small images). libpng reports errors by longjmp, which only
   C can catch. Returns 0 on success, -1 when the file cannot be opened, -2 when libpng failed. */
#include <setjmp.h>
#include <stdio.h>
static inline int cxlib_write_png_quickly(const char *path, const unsigned char *rgba, unsigned width, unsigned height) {
    FILE *file = fopen(path, "wb");
    if (file == NULL) return -1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png == NULL ? NULL : png_create_info_struct(png);
    if (png == NULL || info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(file);
        return -2;
    }
    png_init_io(png, file);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_compression_level(png, 1); /* Z_BEST_SPEED */
    png_write_info(png, info);
    /* The fourth byte of each pixel (alpha, opaque) is left out. */
    png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (unsigned y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rgba + (size_t)y * width * 4));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return fclose(file) == 0 ? 0 : -1;
}

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
static inline int cxlib_map_blocks_from(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }

/* XDestroyImage is a macro. */
static inline void cxlib_destroy_image(XImage *image) { XDestroyImage(image); }

#endif
