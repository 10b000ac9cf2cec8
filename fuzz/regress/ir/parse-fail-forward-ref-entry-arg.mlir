// A forward reference (%i in the first scf.for) resolved by the entry
// argument of a later region whose parse then failed: freeing the region
// asserted that its argument was still used.  Found by the `interp` harness.
scf.for %j = %i to %u step %s { }
scf.for %i = %b to %ub step %s {
