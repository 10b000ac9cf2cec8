/* Where an entry of an .acg file's top graph is written (strata/backend.h):
 * the imported graph keeps no location per attribute, so messages about
 * the class or a budget find the line in the text.  Only braces and `#`
 * comments are tracked: the format has no strings that could hold either. */
#include "strata/backend.h"

#include <ctype.h>
#include <string.h>

static bool ident_char(char c) { return c == '_' || isalnum((unsigned char)c); }

/* Whether `key`'s words (one space apart) start at text[i], followed by
 * no more of an identifier; *end: just after. */
static bool matches(st_str text, size_t i, const char *key) {
	while (*key) {
		size_t n = strcspn(key, " ");
		if (text.len - i < n || memcmp(text.data + i, key, n))
			return false;
		i += n;
		key += n;
		if (*key == ' ') {
			key++;
			if (i == text.len || (text.data[i] != ' ' && text.data[i] != '\t'))
				return false;
			while (i < text.len && (text.data[i] == ' ' || text.data[i] == '\t'))
				i++;
		}
	}
	return i == text.len || !ident_char(text.data[i]);
}

st_attr *st_backend_acg_loc(st_context *ctx, const char *path, st_str text, const char *key) {
	unsigned line = 1, col = 1, depth = 0;
	bool comment = false, at_start = true;
	for (size_t i = 0; i < text.len; i++) {
		char c = text.data[i];
		if (c == '\n') {
			line++;
			col = 1;
			comment = false;
			at_start = true;
			continue;
		}
		if (!comment) {
			if (c == '#')
				comment = true;
			else if (c == '{')
				depth++;
			else if (c == '}')
				depth--;
			else if (depth == 1 && at_start && matches(text, i, key))
				return st_loc_file(ctx, st_str_c(path), line, col);
			if (c != ' ' && c != '\t')
				at_start = false;
		}
		col++;
	}
	return st_loc_file(ctx, st_str_c(path), 1, 1);
}
