/* Memref arguments of strata-run from files and back: NumPy .npy arrays and
 * Netpbm images (P5 grey PGM, P6 colour PPM; 8 or 16 bits a sample). */
#ifndef STRATA_RUN_IO_H
#define STRATA_RUN_IO_H

#include "strata/asm.h"
#include "strata/interp.h"

#include <stdio.h>

typedef enum io_format { IO_NONE, IO_NPY, IO_PGM, IO_PPM } io_format;

/* The whole file ("-": standard input), malloc'd; on failure a message. */
bool io_read_file(const char *path, unsigned char **data, size_t *len, char *err, size_t errlen);

/* The format a path's extension names (.npy, .pgm, .ppm), or IO_NONE. */
io_format io_format_of(const char *path);

/* A new memref of type `t` holding the file's contents (dynamic sizes come
 * from the file).  On failure, a message in `err`. */
bool io_read_memref(st_interp *it, const char *path, st_type *t, st_ival *out, char *err, size_t errlen);
/* Writes the contents of memref `m` in the format of the path's extension. */
bool io_write_memref(st_interp *it, const char *path, const st_ival *m, char *err, size_t errlen);

#endif
