// Logistic regression trained by SGD (data analytics): h = sigmoid(w.x),
// w <- w - mu * (h - y) * x.  The weights are state across invocations.
logistic_step(input float x[n], input float y[1], state float w[n], param float mu, output float h[1]) {
  index i[0:n-1], z[0:0];
  h[z] = sigmoid(sum[i](w[i] * x[i]));
  w[i] = w[i] - mu * (h[0] - y[0]) * x[i];
}

main(input float x[6], input float y[1], param float mu, state float w[6], output float h[1]) {
  DA: logistic_step(x, y, w, mu, h);
}
