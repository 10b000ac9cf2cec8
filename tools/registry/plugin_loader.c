/* The tools' plugin loader: dlopen, the entry point, the version check and
 * the registration, with a message naming the library for each way it can
 * go wrong (a plugin is the user's code, so a bad one is bad input). */
#include "plugin_loader.h"
#include "strata/plugin.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Indexed by st_tool_plugin_kind. */
static const char *const flags[3] = {"load-pass-plugin", "load-dialect-plugin", "load-target-plugin"};
static const char *const what[3] = {"passes", "dialects", "targets"};

/* The kind of plugin flag `a` is, or -1. */
static int flag_kind(const char *a) {
	if (a[0] != '-')
		return -1;
	const char *p = a + (a[1] == '-' ? 2 : 1);
	for (int k = 0; k < 3; k++) {
		size_t n = strlen(flags[k]);
		if (strncmp(p, flags[k], n) == 0 && (!p[n] || p[n] == '='))
			return k;
	}
	return -1;
}

bool st_tool_is_plugin_flag(const char *a) { return flag_kind(a) >= 0; }

bool st_tool_plugin_add(st_tool_plugins *p, const char *tool, int argc, char **argv, int *i) {
	const char *a = argv[*i];
	const char *eq = strchr(a, '=');
	const char *path = eq ? eq + 1 : *i + 1 < argc ? argv[++*i] : NULL;
	if (!path || !*path) {
		fprintf(stderr, "%s: error: missing plugin library after '%s'\n", tool, a);
		return false;
	}
	if (p->n == ST_TOOL_MAX_PLUGINS) {
		fprintf(stderr, "%s: error: too many plugins (at most %d): '%s'\n", tool, ST_TOOL_MAX_PLUGINS, path);
		return false;
	}
	p->list[p->n++] = (st_tool_plugin){.path = path, .kind = (st_tool_plugin_kind)flag_kind(a)};
	return true;
}

typedef struct plugin_diags {
	const char *tool, *name, *path;
	unsigned reported;
} plugin_diags;

/* Diagnostics without a place in a file, raised while a plugin registers
 * (a dialect or pass of a name already taken), as the plugin's errors. */
static bool plugin_diag(void *ud, const st_diag_info *d) {
	plugin_diags *pd = ud;
	if (d->loc && st_loc_find_file(d->loc))
		return false;
	static const char *const sev[] = {"note", "remark", "warning", "error"};
	fprintf(stderr, "%s: %s: plugin '%s' (%s): %s\n", pd->tool, sev[d->severity], pd->name, pd->path, d->message);
	pd->reported += d->severity == ST_SEV_ERROR;
	return true;
}

static bool load_one(const st_tool_plugin *pl, const char *tool, st_context *ctx) {
	/* RTLD_GLOBAL: a later plugin may use a dialect library an earlier one
	 * brought in; RTLD_NOW: a missing symbol is reported here, not later. */
	void *handle = dlopen(pl->path, RTLD_NOW | RTLD_GLOBAL);
	if (!handle) {
		fprintf(stderr, "%s: error: cannot load plugin '%s': %s\n", tool, pl->path, dlerror());
		return false;
	}
	const st_plugin_info *(*entry)(void);
	void *sym = dlsym(handle, ST_PLUGIN_ENTRY);
	/* ISO C has no function-pointer cast from void *; POSIX guarantees the
	 * representation, so copy the bits. */
	memcpy(&entry, &sym, sizeof entry);
	if (!entry) {
		fprintf(stderr, "%s: error: '%s' is not a Strata plugin: it has no entry point '%s'\n", tool, pl->path,
		        ST_PLUGIN_ENTRY);
		return false;
	}
	const st_plugin_info *info = entry();
	if (!info) {
		fprintf(stderr, "%s: error: plugin '%s' returned no description from '%s'\n", tool, pl->path,
		        ST_PLUGIN_ENTRY);
		return false;
	}
	if (!st_check_api_version(info->api_version)) {
		fprintf(stderr,
		        "%s: error: plugin '%s' was built against Strata API version %d, but %s uses version %d; "
		        "rebuild the plugin against this Strata\n",
		        tool, pl->path, info->api_version, tool, st_api_version());
		return false;
	}
	const char *name = info->name ? info->name : pl->path;
	st_status (*const regs[3])(st_context *) = {info->register_passes, info->register_dialects,
	                                            info->register_targets};
	if (!regs[pl->kind]) {
		static const char *const instead[3] = {"--load-dialect-plugin", "--load-pass-plugin",
		                                       "--load-pass-plugin or --load-dialect-plugin"};
		fprintf(stderr, "%s: error: plugin '%s' (%s) has no %s to register; load it with %s\n", tool, name,
		        pl->path, what[pl->kind], instead[pl->kind]);
		return false;
	}
	/* A target plugin brings what its target needs: its dialects first,
	 * then its passes, then the targets. */
	static const int order[3] = {ST_TOOL_PLUGIN_DIALECTS, ST_TOOL_PLUGIN_PASSES, ST_TOOL_PLUGIN_TARGETS};
	/* What registration reports has no place in any input: say which
	 * plugin it comes from. */
	plugin_diags pd = {tool, name, pl->path, 0};
	if (st_failed(st_context_push_diag_handler(ctx, plugin_diag, &pd)))
		return false;
	bool ok = true;
	for (int i = 0; i < 3 && ok; i++) {
		int k = order[i];
		if (!regs[k] || (pl->kind != ST_TOOL_PLUGIN_TARGETS && k != (int)pl->kind))
			continue;
		if (st_failed(regs[k](ctx))) {
			if (!pd.reported)
				fprintf(stderr, "%s: error: plugin '%s' (%s) failed to register its %s\n", tool, name, pl->path,
				        what[k]);
			ok = false;
		}
	}
	st_context_pop_diag_handler(ctx);
	return ok;
}

bool st_tool_plugins_load(st_tool_plugins *p, const char *tool, st_context *ctx) {
	for (size_t i = 0; i < p->n; i++)
		if (!load_one(&p->list[i], tool, ctx))
			return false;
	return true;
}
