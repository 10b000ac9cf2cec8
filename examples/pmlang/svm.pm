// A linear SVM trained by SGD on the hinge loss (data analytics): when the
// margin y * w.x is below 1 the sample pulls the weights towards y * x; the
// regularisation shrinks them by lambda every step.
svm_step(input float x[n], input float y[1], state float w[n], param float mu, param float lambda,
         output float margin[1]) {
  index i[0:n-1], z[0:0];
  margin[z] = y[z] * sum[i](w[i] * x[i]);
  w[i] = w[i] - mu * (lambda * w[i] - (margin[0] < 1.0 ? y[0] * x[i] : 0.0));
}

main(input float x[5], input float y[1], param float mu, param float lambda, state float w[5],
     output float margin[1]) {
  DA: svm_step(x, y, w, mu, lambda, margin);
}
