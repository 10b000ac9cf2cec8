// A fixed-point FIR filter with a leaky integrator (DSP), in fixed point as
// accelerators compute it (docs/pmlang.md, "Fixed point"): float samples are
// quantized to fxp16_8 (Q7.8: 8 fractional bits, rounding to nearest,
// saturating at -128 and 128 - 2^-8), the taps come as integers in 64ths,
// the filter accumulates with saturation, and a state integrator in
// fxp32_16 halves each invocation before adding the new output.
fir(input fxp16_8 x[n], param fxp16_8 h[t], output fxp16_8 y[m]) {
  index i[0:m-1], k[0:t-1];
  y[i] = sum[k](h[k] * x[i + k]);
}

main(input float xin[12], param int hraw[4], state fxp32_16 acc[9], output fxp32_16 y[9],
     output int yi[9], output float yf[9], output fxp16_8 q[9], output int peak[1]) {
  index i[0:8], j[0:11], k[0:3], z[0:0];
  fxp16_8 x[12], h[4], y16[9];
  x[j] = xin[j];
  h[k] = fxp16_8(hraw[k]) / 64;
  DSP: fir(x, h, y16);
  y[i] = fxp32_16(y16[i]);
  acc[i] = acc[i] / 2 + y[i] * 0.75 - 1;
  yi[i] = acc[i] > y[i] ? int(acc[i]) : int(y[i] - acc[i]);
  yf[i] = float(acc[i]) + float(-y16[i]);
  q[i] = max(fxp16_8(acc[i]) * y16[i], -abs(y16[i]));
  peak[z] = argmax[i](abs(acc[i]));
}
