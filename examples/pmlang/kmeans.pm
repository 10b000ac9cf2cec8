// One step of k-means (data analytics): every point goes to its nearest
// centroid (the first one on ties), then every centroid moves to the mean of
// its points (an empty cluster keeps its centroid).  The centroids are state.
kmeans_step(input float X[p][d], state float C[k][d], output int assign[p]) {
  index i[0:p-1], c[0:k-1], e[0:d-1];
  dist[i][c] = sum[e]((X[i][e] - C[c][e]) * (X[i][e] - C[c][e]));
  best[i] = min[c](dist[i][c]);
  assign[i] = min[c](dist[i][c] == best[i] ? c : k);
  count[c] = sum[i](assign[i] == c ? 1.0 : 0.0);
  C[c][e] = count[c] > 0.0 ? sum[i](assign[i] == c ? X[i][e] : 0.0) / count[c] : C[c][e];
}

main(input float X[10][2], state float C[3][2], output int assign[10]) {
  DA: kmeans_step(X, C, assign);
}
