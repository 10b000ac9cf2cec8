// Logistic regression, four gradient steps (Table 4.1 has four; examples/rda/logreg.pm
// runs two): h = sigmoid(X w), g = X^T (h - y), w <- w - mu g.
step(input float x[m][n], input float y[m], state float w[n], param float mu) {
  index i[0:n-1], s[0:m-1];
  h[s] = sigmoid(sum[i](w[i] * x[s][i]));
  g[i] = sum[s]((h[s] - y[s]) * x[s][i]);
  w[i] = w[i] - mu * g[i];
}

main(input float x[32][16], input float y[32], state float w[16], param float mu = 0.01) {
  DA: step(x, y, w, mu);
  DA: step(x, y, w, mu);
  DA: step(x, y, w, mu);
  DA: step(x, y, w, mu);
}
