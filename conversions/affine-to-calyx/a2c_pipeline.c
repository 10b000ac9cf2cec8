/* Pipelining of innermost loops (option pipeline=true). */
#include "a2c.h"

bool a2c_pipeline_loop(a2c_comp *c, st_op *loop, st_block *ctl, bool *done) {
	(void)c, (void)loop, (void)ctl;
	*done = false;
	return true;
}
