// An 8-point radix-2 FFT (DSP) on complex values, decimation in frequency:
// three butterfly stages with twiddles W^k = exp(-2 pi i k / 8) made from
// cos and sin, then the bit-reversed order undone by three one-bit
// indices (X[4c + 2b + a] = s3[4a + 2b + c]).  Each invocation also keeps
// a decaying power spectrum as state and gives magnitudes, the spectrum
// divided by the running power, and the sum of the samples.
butterfly(input complex x[n], param complex w[h], output complex y[n]) {
  // One stage: pairs `h` apart within blocks of 2h; the lower half is
  // multiplied by the block's twiddles.
  index g[0:n/(2*h)-1], j[0:h-1];
  y[2*h*g + j] = x[2*h*g + j] + x[2*h*g + j + h];
  y[2*h*g + j + h] = (x[2*h*g + j] - x[2*h*g + j + h]) * w[j];
}

main(input complex x[8], state complex power[8], output complex X[8], output float mag[8],
     output complex ratio[8], output complex dc[1], output float re[8]) {
  index k[0:3], j[0:1], a[0:1], b[0:1], c[0:1], m[0:7], z[0:0];
  complex w4[4], w2[2], w1[1], s1[8], s2[8], s3[8];
  w4[k] = complex(cos(0.785398163 * k), -sin(0.785398163 * k));
  w2[j] = w4[2 * j];
  w1[z] = 1 + 0i;
  DSP: butterfly(x, w4, s1);
  DSP: butterfly(s1, w2, s2);
  DSP: butterfly(s2, w1, s3);
  X[4*c + 2*b + a] = s3[4*a + 2*b + c];
  mag[m] = abs(X[m]);
  power[m] = power[m] * 0.5 + X[m] * conj(X[m]);
  ratio[m] = X[m] / (power[m] + 1);
  dc[z] = sum[m](x[m]) - X[0] + 2.5i;
  re[m] = real(X[m]) - imag(-X[m]) + (X[m] == conj(X[m]) ? 1.0 : 0.0);
}
