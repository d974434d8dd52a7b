#ifndef CATK_SHIM_H
#define CATK_SHIM_H

/* ATK (the accessibility toolkit interfaces), its bridge to AT-SPI over D-Bus, and the GLib main
   context the bridge runs on. Only GLib is linked (HarfBuzz needs it anyway): libatk and libgobject
   are opened (dlopen) when a bus can be reached, so a process nobody can listen to never maps
   them, nor relocates them, nor runs GObject's type system set-up at start. The headers are
   here for the types; every ATK and GObject function the host calls goes through `catk_functions`,
   filled by `catk_resolve` once the library is open. */
#include <dlfcn.h>
#include <glib.h>
#include <glib-object.h>
#include <atk/atk.h>

/* Every ATK and GObject function the host calls. A direct call of any of them would not link:
   the package links neither library (Sources/CAtk/atk-headers.pc gives their headers only). */
#define CATK_FUNCTIONS(F) \
    F(g_type_class_ref) \
    F(g_type_query) \
    F(g_type_register_static) \
    F(g_type_add_interface_static) \
    F(g_object_new_with_properties) \
    F(g_object_ref) \
    F(g_object_unref) \
    F(g_object_notify) \
    F(g_signal_emit_by_name) \
    F(atk_object_get_type) \
    F(atk_util_get_type) \
    F(atk_component_get_type) \
    F(atk_window_get_type) \
    F(atk_text_get_type) \
    F(atk_editable_text_get_type) \
    F(atk_action_get_type) \
    F(atk_object_set_parent) \
    F(atk_object_set_role) \
    F(atk_object_set_accessible_id) \
    F(atk_object_add_relationship) \
    F(atk_object_notify_state_change) \
    F(atk_state_set_new) \
    F(atk_state_set_add_state)

/* One pointer per function, each of the type its prototype declares (`__typeof__` of the
   function, so a pointer cannot disagree with the header). */
typedef struct {
#define CATK_POINTER(name) __typeof__(&name) name;
    CATK_FUNCTIONS(CATK_POINTER)
#undef CATK_POINTER
} catk_functions;

/* Fills `functions` from `library` (libatk's handle: dlsym searches it and what it loaded,
   GObject and GLib). NULL when every function was found, else the name of the first missing. */
static inline const char *catk_resolve(catk_functions *functions, void *library) {
    catk_functions found;
#define CATK_RESOLVE(name) \
    if (!(found.name = (__typeof__(&name))dlsym(library, #name))) return #name;
    CATK_FUNCTIONS(CATK_RESOLVE)
#undef CATK_RESOLVE
    *functions = found;
    return NULL;
}

/* libatk-bridge is not linked either: AccessibilityBridge opens it (dlopen) when a bus can be
   reached, so a process that nobody can listen to never maps it nor D-Bus, libsystemd and
   libgcrypt behind it. Its one entry point the host calls, atk_bridge_adaptor_init
   (atk-bridge.h), has this type. */
typedef int (*catk_bridge_init_function)(int *argc, char **argv[]);

/* g_signal_emit_by_name is variadic, which Swift cannot call: one inline wrapper per signal
   signature the accessibility bridge emits, each through the resolved pointer. */

/* "text-insert" and "text-remove": offset, length (code points) and the text. */
static inline void catk_emit_text_change(const catk_functions *functions, AtkObject *object, const char *signal,
                                         gint offset, gint length, const gchar *text) {
    functions->g_signal_emit_by_name(object, signal, offset, length, text);
}

/* "text-caret-moved": the new offset. */
static inline void catk_emit_int(const catk_functions *functions, AtkObject *object, const char *signal, gint value) {
    functions->g_signal_emit_by_name(object, signal, value);
}

/* "text-selection-changed", and AtkWindow's "activate", "deactivate", "create", "destroy". */
static inline void catk_emit(const catk_functions *functions, AtkObject *object, const char *signal) {
    functions->g_signal_emit_by_name(object, signal);
}

/* "children-changed::add" / "children-changed::remove": the index and the child. */
static inline void catk_emit_children_changed(const catk_functions *functions, AtkObject *object, const char *signal,
                                              guint index, AtkObject *child) {
    functions->g_signal_emit_by_name(object, signal, index, child);
}

#endif
