#ifndef CATK_SHIM_H
#define CATK_SHIM_H

/* ATK (the accessibility toolkit interfaces), its bridge to AT-SPI over D-Bus, and the GLib main
   context the bridge runs on. g_signal_emit_by_name is variadic, which Swift cannot call: one
   inline wrapper per signal signature the accessibility bridge emits. */
#include <glib.h>
#include <glib-object.h>
#include <atk/atk.h>

/* libatk-bridge is not linked: AccessibilityBridge opens it (dlopen) when a bus can be reached,
   so a process that nobody can listen to never maps it nor D-Bus, libsystemd and libgcrypt behind
   it. Its one entry point the host calls, atk_bridge_adaptor_init (atk-bridge.h), has this type. */
typedef int (*catk_bridge_init_function)(int *argc, char **argv[]);

/* "text-insert" and "text-remove": offset, length (code points) and the text. */
static inline void catk_emit_text_change(AtkObject *object, const char *signal, gint offset, gint length, const gchar *text) {
    g_signal_emit_by_name(object, signal, offset, length, text);
}

/* "text-caret-moved": the new offset. */
static inline void catk_emit_int(AtkObject *object, const char *signal, gint value) {
    g_signal_emit_by_name(object, signal, value);
}

/* "text-selection-changed", and AtkWindow's "activate", "deactivate", "create", "destroy". */
static inline void catk_emit(AtkObject *object, const char *signal) {
    g_signal_emit_by_name(object, signal);
}

/* "children-changed::add" / "children-changed::remove": the index and the child. */
static inline void catk_emit_children_changed(AtkObject *object, const char *signal, guint index, AtkObject *child) {
    g_signal_emit_by_name(object, signal, index, child);
}

/* "bounds-changed" on a component: the new rectangle. */
static inline void catk_emit_bounds_changed(AtkObject *object, gint x, gint y, gint width, gint height) {
    AtkRectangle rectangle = { x, y, width, height };
    g_signal_emit_by_name(object, "bounds-changed", &rectangle);
}

#endif
