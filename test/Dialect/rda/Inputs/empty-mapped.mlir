// A mapped design with nothing in it: verifying it reads the target.
rda.design @e attributes {lanes = 16 : i64, mapped, target = @target} {
}
