// Linear regression trained by stochastic gradient descent (a TABLA-style
// data-analytics kernel): each invocation of main is one step on one sample;
// the weights are state, so they carry over from one invocation to the next.
sgd_step(input float x[n], input float y[1], state float w[n], param float mu, output float err[1]) {
  index i[0:n-1], z[0:0];
  err[z] = sum[i](w[i] * x[i]) - y[z];
  w[i] = w[i] - mu * err[0] * x[i];
}

main(input float x[8], input float y[1], param float mu, state float w[8], output float err[1]) {
  DA: sgd_step(x, y, w, mu, err);
}
