// One SGD step of a linear SVM on the hinge loss: when the margin y * w.x
// is below 1 the sample pulls the weights towards y * x; the
// regularisation shrinks them by lambda every step.  The label `y` is a
// scalar float input; the step `mu` and `lambda` are params with defaults.
svm_step(input float x[n], input float y, state float w[n], param float mu, param float lambda,
         output float margin[1]) {
  index i[0:n-1], z[0:0];
  margin[z] = y * sum[i](w[i] * x[i]);
  w[i] = w[i] - mu * (lambda * w[i] - (margin[0] < 1.0 ? y * x[i] : 0.0));
}

main(input float x[4], input float y, state float w[4], param float mu = 0.125, param float lambda = 0.01,
     output float margin[1]) {
  DA: svm_step(x, y, w, mu, lambda, margin);
}
