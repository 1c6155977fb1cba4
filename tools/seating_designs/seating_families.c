/* Difference families for seating_families.py (issue 19).

   usage: seating_families lifted n f seed seconds [temperature [node_limit]]
          seating_families rotational n m seed seconds

   lifted (f = 1 or 3).  Stage 1, simulated annealing: a partition of Z_n \ {0} (f = 1)
   or of Z_n (f = 3, one block of three) into blocks of four in which every nonzero
   difference +-d occurs exactly three times.  Stage 2, depth-first search: a level in
   Z_3 for every element (the block of three: levels 0, 1, 2) such that every class
   (d, s) of ordered differences with their level differences occurs once up to sign.
   When stage 2 finds no levels within the node limit, stage 1 goes on from a few
   random swaps away.  Prints one line per block, "element:level" items (f = 3: the
   block of three first).

   rotational (m^3 = 1 != m in Z_n, n = 2 mod 4).  Items (y, t): the point (t, m^t y)
   and its images under (t, x) -> (t + 1, m x).  Two kinds a0, a1 go to the tables of
   the fixed points; the others are annealed jointly (kinds swapped between blocks,
   levels changed) until every class occurs once: same level, +-(y' - y) except n / 2
   (the groups of the 4-RGDD of type 2^(N/2)); levels t and t + 1, m y' - y (the fixed
   points' tables take (m - 1) a0 and (m - 1) a1).  Prints "a0 a1", then the blocks.

   Exits 0 with a solution; 1 when ``seconds`` of processor time pass without one.
   Deterministic for a given seed. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXN 256
#define MAXB 64

static uint64_t rs[2];
static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
static uint64_t next(void) { /* xoroshiro128+ */
    uint64_t s0 = rs[0], s1 = rs[1], r = s0 + s1;
    s1 ^= s0;
    rs[0] = rotl(s0, 55) ^ s1 ^ (s1 << 14);
    rs[1] = rotl(s1, 36);
    return r;
}
static int below(int k) { return (int)((next() >> 33) % (uint64_t)k); }
static double unit(void) { return (next() >> 11) * (1.0 / 9007199254740992.0); }

static int n, f, slots, blocks;
static int el[MAXN], blk[MAXN], level[MAXN], mem[MAXB][4], size[MAXB], order[MAXB];
static int diffs[MAXN];      /* stage 1: unordered pairs per difference class min(d, n - d) */
static int used[3 * MAXN];   /* stage 2: classes (d, s) taken */
static int cls[MAXN][3];     /* canonical index of (d, s) ~ (-d, -s) */
static long nodes, node_limit;

static int half(int a, int b) {
    int d = a - b;
    if (d < 0) d += n;
    return d < n - d ? d : n - d;
}

/* Add (sign 1) or remove (-1) the pairs of slot i with its block; returns the change of
   the stage 1 cost (pairs beyond three per difference class). */
static int touch(int i, int sign) {
    int b = blk[i], change = 0;
    for (int a = 0; a < size[b]; a++) {
        int k = mem[b][a];
        if (k == i) continue;
        int c = half(el[i], el[k]);
        if (sign > 0) {
            if (++diffs[c] > 3) change++;
        } else {
            if (--diffs[c] >= 3) change--;
        }
    }
    return change;
}

static void swap_slots(int i, int j) {
    int t = el[i];
    el[i] = el[j];
    el[j] = t;
}

static int lift(int k) { /* levels of block order[k] onwards */
    static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    if (k == blocks) return 1;
    if (++nodes > node_limit) return 0;
    int b = order[k], sz = size[b], triple = (sz == 3);
    for (int c = 0; c < (triple ? 6 : 27); c++) {
        int lv[4], taken[6], nt = 0, ok = 1;
        if (triple) {
            for (int a = 0; a < 3; a++) lv[a] = perm[c][a];
        } else { /* the first level 0: a block's levels shifted together are equivalent */
            lv[0] = 0, lv[1] = c % 3, lv[2] = (c / 3) % 3, lv[3] = c / 9;
        }
        for (int a = 0; a < sz && ok; a++)
            for (int e = a + 1; e < sz; e++) {
                int d = (el[mem[b][e]] - el[mem[b][a]] + n) % n;
                int q = cls[d][(lv[e] - lv[a] + 3) % 3];
                if (used[q]) {
                    ok = 0;
                    break;
                }
                used[q] = 1;
                taken[nt++] = q;
            }
        if (ok) {
            for (int a = 0; a < sz; a++) level[mem[b][a]] = lv[a];
            if (lift(k + 1)) return 1;
        }
        for (int u = 0; u < nt; u++) used[taken[u]] = 0;
    }
    return 0;
}

static double cpu(clock_t t0) { return (double)(clock() - t0) / CLOCKS_PER_SEC; }

static void seed_rng(uint64_t seed) {
    rs[0] = seed * 0x9E3779B97F4A7C15ULL + 1;
    rs[1] = seed ^ 0xD1B54A32D192ED03ULL;
    for (int i = 0; i < 20; i++) next();
}

static int lifted(int argc, char **argv) {
    n = atoi(argv[1]);
    f = atoi(argv[2]);
    uint64_t seed = strtoull(argv[3], 0, 10);
    double seconds = atof(argv[4]);
    double temp = argc > 5 ? atof(argv[5]) : 0.5;
    node_limit = argc > 6 ? atol(argv[6]) : 2000000;
    if (n < 5 || n >= MAXN || n % 2 == 0 || (f != 1 && f != 3) || n % 4 != (f == 1 ? 1 : 3)) {
        fprintf(stderr, "need n odd, n = 1 (mod 4) with f = 1 or n = 3 (mod 4) with f = 3\n");
        return 2;
    }
    seed_rng(seed);
    for (int x = (f == 1); x < n; x++) el[slots++] = x;
    for (int i = slots - 1; i > 0; i--) swap_slots(i, below(i + 1));
    for (int pos = 0; pos < slots; blocks++) {
        size[blocks] = (f == 3 && blocks == 0) ? 3 : 4;
        for (int a = 0; a < size[blocks]; a++, pos++) mem[blocks][a] = pos, blk[pos] = blocks;
    }
    for (int d = 0; d < n; d++)
        for (int s = 0; s < 3; s++) {
            int a = d * 3 + s, b = ((n - d) % n) * 3 + (3 - s) % 3;
            cls[d][s] = a < b ? a : b;
        }
    int cost = 0;
    for (int b = 0; b < blocks; b++)
        for (int a = 0; a < size[b]; a++)
            for (int e = a + 1; e < size[b]; e++)
                if (++diffs[half(el[mem[b][a]], el[mem[b][e]])] > 3) cost++;

    clock_t t0 = clock();
    long iterations = 0, partitions = 0;
    while (cpu(t0) < seconds) {
        while (cost && cpu(t0) < seconds)
            for (int r = 0; r < 4096 && cost; r++) {
                iterations++;
                int i = below(slots), j = below(slots);
                if (blk[i] == blk[j]) continue;
                int change = touch(i, -1) + touch(j, -1);
                swap_slots(i, j);
                change += touch(i, 1) + touch(j, 1);
                if (change <= 0 || unit() < exp(-change / temp)) {
                    cost += change;
                } else {
                    touch(i, -1), touch(j, -1);
                    swap_slots(i, j);
                    touch(i, 1), touch(j, 1);
                }
            }
        if (cost) break;
        partitions++;
        int lead = (f == 3); /* the block of three first, the others in random order */
        for (int b = 0; b < blocks; b++) order[b] = b;
        for (int b = blocks - 1; b > lead; b--) {
            int j = lead + below(b - lead + 1), t = order[b];
            order[b] = order[j], order[j] = t;
        }
        for (int q = 0; q < 3 * n; q++) used[q] = 0;
        nodes = 0;
        if (lift(0)) {
            fprintf(stderr, "iterations %ld partitions %ld nodes %ld seconds %.1f\n", iterations,
                    partitions, nodes, cpu(t0));
            for (int b = 0; b < blocks; b++) {
                for (int a = 0; a < size[b]; a++)
                    printf("%s%d:%d", a ? " " : "", el[mem[b][a]], level[mem[b][a]]);
                printf("\n");
            }
            return 0;
        }
        for (int k = 0; k < 3; k++) {
            int i = below(slots), j = below(slots);
            if (blk[i] == blk[j]) continue;
            cost += touch(i, -1) + touch(j, -1);
            swap_slots(i, j);
            cost += touch(i, 1) + touch(j, 1);
        }
    }
    fprintf(stderr, "iterations %ld partitions %ld: none in %.1f s\n", iterations, partitions,
            cpu(t0));
    return 1;
}

/* rotational: the class of items i, k (kinds el, levels level) */
static int m;
static int counts[2 * MAXN], caps[2 * MAXN];

static int rot_class(int i, int k) {
    int ti = level[i], tk = level[k], yi = el[i], yk = el[k];
    if (ti == tk) return half(yi, yk);
    if ((tk + 1) % 3 == ti) return n + (int)((((long)m * yi - yk) % n + n) % n);
    return n + (int)((((long)m * yk - yi) % n + n) % n);
}

static int rot_touch(int i, int sign) {
    int b = blk[i], change = 0;
    for (int a = 0; a < 4; a++) {
        int k = mem[b][a];
        if (k == i) continue;
        int c = rot_class(i, k);
        if (sign > 0) {
            if (++counts[c] > caps[c]) change++;
        } else {
            if (--counts[c] >= caps[c]) change--;
        }
    }
    return change;
}

static void rot_swap(int i, int j, int levels) {
    swap_slots(i, j);
    if (levels) {
        int t = level[i];
        level[i] = level[j], level[j] = t;
    }
}

/* One annealing from a random start (its own a0, a1) for at most ``limit`` iterations;
   returns the cost reached. */
static int rot_attempt(long limit, clock_t t0, double seconds, int *a0, int *a1, long *iterations) {
    const double temp = 0.3;
    do *a0 = below(n), *a1 = below(n);
    while (*a0 == *a1 || ((long)(m - 1) * (*a0 - *a1) % n + n) % n == 0);
    for (int d = 0; d < n; d++) caps[d] = d != 0 && 2 * d != n, caps[n + d] = 1;
    for (int c = 0; c < 2 * n; c++) counts[c] = 0;
    counts[n + (int)(((long)(m - 1) * *a0 % n + n) % n)]++;
    counts[n + (int)(((long)(m - 1) * *a1 % n + n) % n)]++;
    slots = 0;
    for (int y = 0; y < n; y++)
        if (y != *a0 && y != *a1) el[slots++] = y;
    for (int i = slots - 1; i > 0; i--) swap_slots(i, below(i + 1));
    blocks = slots / 4;
    for (int i = 0; i < slots; i++) level[i] = below(3), blk[i] = i / 4, mem[i / 4][i % 4] = i;
    int cost = 0;
    for (int i = 0; i < slots; i++) /* each pair once: from its later item */
        for (int a = 0; a < i % 4; a++) {
            int c = rot_class(i, mem[i / 4][a]);
            if (++counts[c] > caps[c]) cost++;
        }
    for (long it = 0; cost && it < limit && cpu(t0) < seconds;)
        for (int r = 0; r < 4096 && cost; r++, it++) {
            ++*iterations;
            int i = below(slots), change;
            if (unit() < 0.3) {
                int old = level[i];
                change = rot_touch(i, -1);
                level[i] = (old + 1 + below(2)) % 3;
                change += rot_touch(i, 1);
                if (change <= 0 || unit() < exp(-change / temp)) {
                    cost += change;
                } else {
                    rot_touch(i, -1);
                    level[i] = old;
                    rot_touch(i, 1);
                }
                continue;
            }
            int j = below(slots), levels = unit() < 0.5;
            if (blk[i] == blk[j]) continue;
            change = rot_touch(i, -1) + rot_touch(j, -1);
            rot_swap(i, j, levels);
            change += rot_touch(i, 1) + rot_touch(j, 1);
            if (change <= 0 || unit() < exp(-change / temp)) {
                cost += change;
            } else {
                rot_touch(i, -1), rot_touch(j, -1);
                rot_swap(i, j, levels);
                rot_touch(i, 1), rot_touch(j, 1);
            }
        }
    return cost;
}

static int rotational(char **argv) {
    n = atoi(argv[1]);
    m = atoi(argv[2]);
    uint64_t seed = strtoull(argv[3], 0, 10);
    double seconds = atof(argv[4]);
    if (n < 6 || n >= MAXN || n % 4 != 2 || m <= 1 || m >= n || (long)m * m % n * m % n != 1) {
        fprintf(stderr, "need n = 2 (mod 4) and m^3 = 1 != m in Z_n\n");
        return 2;
    }
    seed_rng(seed);
    clock_t t0 = clock();
    long iterations = 0, limit = 10000000; /* some starts (a0, a1) never finish: restart */
    int a0, a1, cost = 1;
    while (cost && cpu(t0) < seconds) {
        cost = rot_attempt(limit, t0, seconds, &a0, &a1, &iterations);
        limit += limit / 2;
    }
    if (cost) {
        fprintf(stderr, "iterations %ld: none in %.1f s\n", iterations, cpu(t0));
        return 1;
    }
    fprintf(stderr, "iterations %ld seconds %.1f\n", iterations, cpu(t0));
    printf("%d %d\n", a0, a1);
    for (int b = 0; b < blocks; b++)
        for (int a = 0; a < 4; a++)
            printf("%d:%d%s", el[mem[b][a]], level[mem[b][a]], a == 3 ? "\n" : " ");
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 6 && !strcmp(argv[1], "lifted")) return lifted(argc - 1, argv + 1);
    if (argc >= 6 && !strcmp(argv[1], "rotational")) return rotational(argv + 1);
    fprintf(stderr, "usage: %s lifted n f seed seconds [temperature [node_limit]]\n"
                    "       %s rotational n m seed seconds\n", argv[0], argv[0]);
    return 2;
}
