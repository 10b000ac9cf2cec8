// An 8-point DCT-II over the blocks of a signal (digital signal processing),
// with strided subscripts; the energy of the coefficients accumulates in a
// state across invocations.
dct8(input float x[n], param float pi, output float X[n]) {
  index b[0:n/8-1], k[0:7], j[0:7];
  X[8*b + k] = sum[j](x[8*b + j] * cos(pi * (2*j + 1) * k / 16.0));
}

main(input float x[32], param float pi, state float energy[1], output float X[32]) {
  index i[0:31], z[0:0];
  DSP: dct8(x, pi, X);
  energy[z] = energy[z] + sum[i](X[i] * X[i]);
}
