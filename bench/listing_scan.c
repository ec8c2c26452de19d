/* Reference scan for bench/words.py: which words of a list can a hand spell?  Benchmark only.

   The physical ceiling for listing playable words: one pass over the word list's precomputed letter
   counts (sorted by length, so only the words of allowed length are read), with the same rule as
   hardback_bot.words.solver.playable_words (R6.4, R7):
     every needed letter (inked, required) appears at least that often,
     sum over letters of max(0, count - fixed) <= wildable   (every hand card the word needs),
     sum over letters of max(0, count - face)  <= budget     (cards played wild).
   Rows are padded to 32 bytes and the loop is branch-free, so gcc vectorises it (-O3 -march=native).

   Usage: listing_scan WORDS.bin HANDS.txt RUNS
   WORDS.bin: int32 n, n bytes of lengths (non-decreasing), n*26 bytes of counts.
   HANDS.txt: one hand a line: min_len max_len wildable budget, then 26 face, 26 fixed, 26 need counts.
   Prints one line a hand: matches, FNV-1a hash of the matching indexes, median ns of RUNS scans. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define W 32

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static size_t scan(const uint8_t *restrict rows, size_t begin, size_t end, const uint8_t *restrict face,
                   const uint8_t *restrict fixed, const uint8_t *restrict need, int wildable, int budget,
                   uint32_t *restrict out) {
    size_t n = 0;
    for (size_t i = begin; i < end; i++) {
        const uint8_t *c = rows + i * W;
        int excess = 0, hand = 0, missing = 0;
        for (int x = 0; x < W; x++) {
            int v = c[x];
            int e = v - face[x];
            int h = v - fixed[x];
            excess += e > 0 ? e : 0;
            hand += h > 0 ? h : 0;
            missing |= v < need[x];
        }
        out[n] = (uint32_t)i;
        n += (excess <= budget) & (hand <= wildable) & !missing;
    }
    return n;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s WORDS.bin HANDS.txt RUNS\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    int32_t n;
    if (fread(&n, 4, 1, f) != 1) return 1;
    uint8_t *lengths = malloc((size_t)n);
    uint8_t *packed = malloc((size_t)n * 26);
    uint8_t *rows = aligned_alloc(64, (size_t)n * W + 64);
    if (fread(lengths, 1, (size_t)n, f) != (size_t)n || fread(packed, 26, (size_t)n, f) != (size_t)n) return 1;
    fclose(f);
    memset(rows, 0, (size_t)n * W);
    for (int32_t i = 0; i < n; i++) memcpy(rows + (size_t)i * W, packed + (size_t)i * 26, 26);
    free(packed);
    int runs = atoi(argv[3]);
    double *times = malloc(sizeof(double) * (size_t)(runs > 0 ? runs : 1));
    uint32_t *out = malloc(sizeof(uint32_t) * ((size_t)n + 1));
    FILE *h = fopen(argv[2], "r");
    if (!h) { perror(argv[2]); return 1; }
    int min_len, max_len, wildable, budget;
    while (fscanf(h, "%d %d %d %d", &min_len, &max_len, &wildable, &budget) == 4) {
        uint8_t face[W] = {0}, fixed[W] = {0}, need[W] = {0};
        int v;
        for (int x = 0; x < 26; x++) { if (fscanf(h, "%d", &v) != 1) return 1; face[x] = (uint8_t)v; }
        for (int x = 0; x < 26; x++) { if (fscanf(h, "%d", &v) != 1) return 1; fixed[x] = (uint8_t)v; }
        for (int x = 0; x < 26; x++) { if (fscanf(h, "%d", &v) != 1) return 1; need[x] = (uint8_t)v; }
        size_t found = 0;
        for (int r = 0; r < runs; r++) {
            double t0 = now_ns();
            /* The word bounds come from the length order, as a scan of a length-sorted file would. */
            size_t lo = 0, hi = (size_t)n;
            while (lo < hi) { size_t mid = (lo + hi) / 2; if (lengths[mid] < min_len) lo = mid + 1; else hi = mid; }
            size_t b = lo;
            hi = (size_t)n;
            while (lo < hi) { size_t mid = (lo + hi) / 2; if (lengths[mid] <= max_len) lo = mid + 1; else hi = mid; }
            found = scan(rows, b, lo, face, fixed, need, wildable, budget, out);
            times[r] = now_ns() - t0;
        }
        uint64_t hash = 1469598103934665603ULL;
        for (size_t i = 0; i < found; i++) { hash ^= out[i]; hash *= 1099511628211ULL; }
        qsort(times, (size_t)runs, sizeof(double), cmp_double);
        printf("%zu %llu %.0f\n", found, (unsigned long long)hash, runs ? times[runs / 2] : 0.0);
    }
    fclose(h);
    return 0;
}
