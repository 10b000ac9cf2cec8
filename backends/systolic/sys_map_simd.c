/* Mapping the layers of the SIMD unit (element-wise, pooling, depthwise,
 * requantisation) onto a systolic target (docs/systolic.md, "Mapping"). */
#include "sys_map.h"

st_status sys_map_simd_layer(const sys_machine *m, st_op *layer, const st_codelet_layer_info *l);

st_status sys_map_simd_layer(const sys_machine *m, st_op *layer, const st_codelet_layer_info *l) {
	(void)m;
	return st_op_error(layer, "the systolic target maps '%s' layers on its SIMD unit: not written yet",
	                   st_codelet_layer_name(l->kind));
}
