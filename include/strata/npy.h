/* NumPy .npy array files: the header every reader and writer of memref
 * contents shares (strata-run's --arg/--out, ub-simulate's input/output,
 * strata-hl-eval's inputs and outputs).
 *
 * A file is the magic "\x93NUMPY", a format version (1.0, 2.0 or 3.0), the
 * length of a Python dictionary literal ('descr', 'fortran_order',
 * 'shape'), the dictionary padded with spaces and a newline, and the
 * elements in C order.  Readers accept what NumPy writes for the element
 * types Strata has; writers produce version 1.0 with the elements starting
 * at a multiple of 64 bytes, as numpy.save does, so files compare byte for
 * byte with NumPy's.  Errors are messages written into a caller's buffer
 * (each user says where they come from: a path, a located op). */
#ifndef STRATA_NPY_H
#define STRATA_NPY_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The type of a file's elements, its 'descr' ('<f4', '|b1', '>i2'). */
typedef struct st_npy_dtype {
	char kind;       /* 'b' bool, 'i' signed integer, 'u' unsigned integer, 'f' IEEE float */
	unsigned size;   /* bytes an element: 1 ('b'), 1/2/4/8 ('i', 'u'), 2/4/8 ('f') */
	bool big_endian; /* '>'; '<' and '|' (no order, one byte) are little-endian */
} st_npy_dtype;

enum {
	ST_NPY_MAX_RANK = 16,   /* dimensions a file may have */
	ST_NPY_MAX_HEADER = 512 /* bytes st_npy_write_header may write */
};

/* What the header of a file says. */
typedef struct st_npy_header {
	st_npy_dtype dtype;
	size_t rank;
	int64_t shape[ST_NPY_MAX_RANK];
	uint64_t count;     /* elements: the product of the shape (1 for rank 0) */
	size_t data_offset; /* where the elements start in the file */
} st_npy_header;

/* Reads the header of the `len` bytes of a whole .npy file into `h`, and
 * checks that the file holds all `h->count` elements.  False, with a message
 * in `err` (at most `errlen` bytes), for anything else: another magic or
 * version, a truncated file, a malformed dictionary, a data type other than
 * those of st_npy_dtype, Fortran order, more than ST_NPY_MAX_RANK
 * dimensions. */
ST_API bool st_npy_read_header(const unsigned char *file, size_t len, st_npy_header *h, char *err, size_t errlen);

/* Whether elements of type `elt` can be read from a file of type `dt`:
 * integers (and index) from 'i', 'u' or 'b' of their storage size (1, 2,
 * 4, 8 bytes; i1 also from '|b1'), f16/f32/f64 from 'f' of their size,
 * bf16 as its bit pattern from 'u2' or 'i2'.  False with a message in
 * `err` naming both types (`ctx` prints `elt`). */
ST_API bool st_npy_check_element(st_context *ctx, const st_npy_dtype *dt, st_type *elt, char *err, size_t errlen);

/* Element `k` of a file whose header is `h` (checked with
 * st_npy_check_element for `elt`) as the bit pattern of an `elt` value:
 * floats as stored, integers truncated to their width after a check that
 * the value read ('i' signed, else unsigned) fits that width read signed
 * or unsigned.  False when it does not fit. */
ST_API bool st_npy_get(const st_npy_header *h, const unsigned char *file, uint64_t k, st_type *elt, uint64_t *bits);

/* The data type elements of type `elt` are written as: integers in the
 * smallest signed container of 1, 2, 4 or 8 bytes ('|b1' for i1), index as
 * '<i8', f16/f32/f64 as themselves, bf16 as its bits in '<u2'.  False when
 * there is none (integers wider than 64 bits, other types). */
ST_API bool st_npy_dtype_of(st_type *elt, st_npy_dtype *dt);

/* The header of a C-ordered array of `rank` dimensions `shape` and type
 * `dt` into `buf` (at least ST_NPY_MAX_HEADER bytes); returns its length,
 * a multiple of 64, or 0 when `rank` is above ST_NPY_MAX_RANK. */
ST_API size_t st_npy_write_header(const st_npy_dtype *dt, size_t rank, const int64_t *shape, unsigned char *buf);

/* The `dt->size` bytes that store an `elt` value of bit pattern `bits` in
 * a file of type st_npy_dtype_of(elt): integers of odd widths (i12)
 * sign-extended into their container. */
ST_API void st_npy_put(const st_npy_dtype *dt, st_type *elt, uint64_t bits, unsigned char *out);

#ifdef __cplusplus
}
#endif
#endif
