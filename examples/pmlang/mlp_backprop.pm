// Backpropagation for a small two-layer perceptron (deep learning): a
// forward pass with sigmoid activations, the output and hidden deltas, and
// one gradient step on both weight matrices, which are state.
forward(input float x[n], param float W[h][n], output float a[h]) {
  index i[0:n-1], j[0:h-1];
  a[j] = sigmoid(sum[i](W[j][i] * x[i]));
}

backprop(input float x[n], input float t[o], state float W1[h][n], state float W2[o][h], param float mu,
         output float out[o]) {
  index i[0:n-1], j[0:h-1], k[0:o-1];
  float hid[h];
  forward(x, W1, hid);
  forward(hid, W2, out);
  d_out[k] = (out[k] - t[k]) * out[k] * (1.0 - out[k]);
  d_hid[j] = sum[k](W2[k][j] * d_out[k]) * hid[j] * (1.0 - hid[j]);
  W2[k][j] = W2[k][j] - mu * d_out[k] * hid[j];
  W1[j][i] = W1[j][i] - mu * d_hid[j] * x[i];
}

main(input float x[4], input float t[2], param float mu, state float W1[3][4], state float W2[2][3],
     output float out[2]) {
  DL: backprop(x, t, W1, W2, mu, out);
}
