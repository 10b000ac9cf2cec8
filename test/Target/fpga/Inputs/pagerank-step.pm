// One PageRank step (power iteration) on a dense column-stochastic link
// matrix: every page keeps (1 - d) / n of the rank and receives d times the
// rank its links carry.  The damping `d` is a scalar float with a default.
pr_step(input float link[n][n], input float rank[n], param float d, output float next[n]) {
  index i[0:n-1], j[0:n-1];
  next[i] = (1.0 - d) * 0.25 + d * sum[j](link[i][j] * rank[j]);
}

main(input float link[4][4], input float rank[4], param float d = 0.85, output float next[4]) {
  DA: pr_step(link, rank, d, next);
}
