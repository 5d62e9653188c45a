// Package paired holds the statistics of a paired comparison of two
// rankings over the same questions (folio eval --against): the exact sign
// test and a bootstrap interval of the mean difference.
package paired

import (
	"math"
	"math/rand/v2"
	"sort"
)

// SignTest is the two-sided exact sign test's p for up against down
// changes (ties left out): how often a fair coin splits as unevenly.
func SignTest(up, down int) float64 {
	n := up + down
	if n == 0 {
		return 1
	}
	k := min(up, down)
	// P(X <= k) for X ~ Binomial(n, 1/2), summed in logs so n can be large.
	p := 0.0
	for i := 0; i <= k; i++ {
		lg := lgamma(n+1) - lgamma(i+1) - lgamma(n-i+1) - float64(n)*math.Ln2
		p += math.Exp(lg)
	}
	return math.Min(1, 2*p)
}

func lgamma(n int) float64 {
	v, _ := math.Lgamma(float64(n))
	return v
}

// BootstrapMean is the mean of d and the 2.5th and 97.5th percentiles of
// the means of 10,000 resamples of d (a fixed seed: the same run prints
// the same interval).
func BootstrapMean(d []float64) (mean, low, high float64) {
	if len(d) == 0 {
		return 0, 0, 0
	}
	for _, x := range d {
		mean += x
	}
	mean /= float64(len(d))
	const resamples = 10000
	rng := rand.New(rand.NewPCG(1, 2))
	means := make([]float64, resamples)
	for i := range means {
		s := 0.0
		for range d {
			s += d[rng.IntN(len(d))]
		}
		means[i] = s / float64(len(d))
	}
	sort.Float64s(means)
	return mean, means[resamples*25/1000], means[resamples*975/1000-1]
}
