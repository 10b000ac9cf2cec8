// Collaborative filtering by matrix factorisation (data analytics): the
// ratings R (m users, n items; 0 or below = unrated) are approximated by U * V^T; each
// invocation is one full gradient step on both factors, kept as state.
mf_step(input float R[m][n], state float U[m][f], state float V[n][f], param float mu,
        output float loss[1]) {
  index u[0:m-1], v[0:n-1], k[0:f-1], z[0:0];
  err[u][v] = R[u][v] > 0.0 ? R[u][v] - sum[k](U[u][k] * V[v][k]) : 0.0;
  loss[z] = sum[u][v](err[u][v] * err[u][v]);
  // Both updates read the factors from before the step.
  V2[v][k] = V[v][k] + mu * sum[u](err[u][v] * U[u][k]);
  U[u][k] = U[u][k] + mu * sum[v](err[u][v] * V[v][k]);
  V[v][k] = V2[v][k];
}

main(input float R[4][5], param float mu, state float U[4][2], state float V[5][2], output float loss[1]) {
  DA: mf_step(R, U, V, mu, loss);
}
