/*
 * ncurses-replay — replays a tuiframes file through ncurses and reports the
 * bytes ncurses writes for each frame transition, so the engine's writer can
 * be compared with ncurses on the same work. A development tool only.
 *
 * Usage: ncurses-replay [--term NAME] [--json] [--raw OUT] [--leaveok] FILE
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1

#include <locale.h>
#include <ncursesw/curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "tuiframes.h"

static void usage(FILE *to) {
    fprintf(to,
            "usage: ncurses-replay [--term NAME] [--json] [--raw OUT] [--leaveok] "
            "FILE.tuiframes\n"
            "  --term NAME  terminfo entry to drive (default xterm-256color)\n"
            "  --json       print a JSON report instead of a table\n"
            "  --raw OUT    write the transition bytes (no setup bytes) to OUT\n"
            "  --leaveok    leaveok(stdscr, TRUE): ncurses may leave the cursor\n"
            "               anywhere after a frame (default: parked at home)\n");
}

/* --- Colours ------------------------------------------------------------ */

/* The xterm default RGB of the 16 system colours. Used only when a colour
 * must be mapped down to a terminal with fewer than 256 colours. */
static const unsigned char kSystemRGB[16][3] = {
    {0, 0, 0},       {205, 0, 0},   {0, 205, 0},   {205, 205, 0},
    {0, 0, 238},     {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
    {127, 127, 127}, {255, 0, 0},   {0, 255, 0},   {255, 255, 0},
    {92, 92, 255},   {255, 0, 255}, {0, 255, 255}, {255, 255, 255},
};

/* Channel levels of the 6x6x6 colour cube (indices 16–231). */
static const int kCubeLevel[6] = {0, 95, 135, 175, 215, 255};

static unsigned palette_rgb(int index) {
    if (index < 16)
        return (unsigned)kSystemRGB[index][0] << 16 |
               (unsigned)kSystemRGB[index][1] << 8 | kSystemRGB[index][2];
    if (index < 232) {
        int i = index - 16;
        return (unsigned)kCubeLevel[i / 36] << 16 |
               (unsigned)kCubeLevel[(i / 6) % 6] << 8 | (unsigned)kCubeLevel[i % 6];
    }
    unsigned g = 8 + 10 * (unsigned)(index - 232);
    return g << 16 | g << 8 | g;
}

static int distance2(unsigned a, unsigned b) {
    int dr = (int)(a >> 16 & 255) - (int)(b >> 16 & 255);
    int dg = (int)(a >> 8 & 255) - (int)(b >> 8 & 255);
    int db = (int)(a & 255) - (int)(b & 255);
    return dr * dr + dg * dg + db * db;
}

static int nearest_level(int v) {
    int best = 0;
    for (int k = 1; k < 6; k++)
        if (abs(kCubeLevel[k] - v) < abs(kCubeLevel[best] - v))
            best = k;
    return best;
}

/* Maps #rrggbb to the nearest of the 240 fixed entries of the 256-colour
 * palette: the nearest cube colour (per channel) or the nearest grey of the
 * 232–255 ramp, whichever is closer in RGB distance. The 16 system colours
 * are skipped, as terminals theme them. */
static int nearest_256(unsigned rgb) {
    int r = rgb >> 16 & 255, g = rgb >> 8 & 255, b = rgb & 255;
    int cube = 16 + 36 * nearest_level(r) + 6 * nearest_level(g) + nearest_level(b);
    int avg = (r + g + b) / 3;
    int step = (avg - 8 + 5) / 10;
    int grey = 232 + (step < 0 ? 0 : step > 23 ? 23 : step);
    return distance2(rgb, palette_rgb(grey)) < distance2(rgb, palette_rgb(cube))
               ? grey
               : cube;
}

/* The nearest of colours 0..n-1 (n ≤ 16) by xterm's default RGB. */
static int nearest_system(unsigned rgb, int n) {
    int best = 0;
    for (int k = 1; k < n; k++)
        if (distance2(rgb, palette_rgb(k)) < distance2(rgb, palette_rgb(best)))
            best = k;
    return best;
}

/* A tuiframes colour as an ncurses colour number for this terminal. */
static int terminal_color(tf_color c) {
    if (c.kind == TF_COLOR_DEFAULT)
        return -1;
    if (COLORS >= 256)
        return c.kind == TF_COLOR_PALETTE ? (int)c.value : nearest_256(c.value);
    if (c.kind == TF_COLOR_PALETTE && (int)c.value < COLORS)
        return (int)c.value;
    unsigned rgb = c.kind == TF_COLOR_RGB ? c.value : palette_rgb((int)c.value);
    return nearest_system(rgb, COLORS < 16 ? COLORS : 16);
}

/* --- Replay ------------------------------------------------------------- */

typedef struct {
    attr_t attrs;
    int pair;
} style_slot;

typedef struct {
    long long bytes;
    long long nanoseconds;
} frame_result;

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long long output_size(FILE *out) {
    struct stat st;
    fflush(out);
    if (fstat(fileno(out), &st) != 0) {
        perror("ncurses-replay: fstat");
        exit(2);
    }
    return (long long)st.st_size;
}

static void set_cell(cchar_t *cc, const tf_cell *cell, const style_slot *slot) {
    wchar_t base[2] = {(wchar_t)cell->cps[0], 0};
    int pair = slot->pair;
    setcchar(cc, base, slot->attrs, 0, &pair);
    /* setcchar stops at the first spacing character after the base (it
     * would cut a ZWJ sequence short), so the rest goes in directly. */
    int n = cell->stored < CCHARW_MAX ? cell->stored : CCHARW_MAX;
    for (int j = 1; j < n; j++)
        cc->chars[j] = (wchar_t)cell->cps[j];
}

static void set_blank(cchar_t *cc, const style_slot *slot) {
    int pair = slot->pair;
    setcchar(cc, L" ", slot->attrs, 0, &pair);
}

static void json_string(FILE *to, const char *s) {
    fputc('"', to);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(to, "\\%c", c);
        else if (c < 0x20)
            fprintf(to, "\\u%04x", c);
        else
            fputc(c, to);
    }
    fputc('"', to);
}

static int compare_ll(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    const char *term = "xterm-256color", *rawPath = NULL, *path = NULL;
    bool json = false, leave = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--term") && i + 1 < argc)
            term = argv[++i];
        else if (!strcmp(argv[i], "--raw") && i + 1 < argc)
            rawPath = argv[++i];
        else if (!strcmp(argv[i], "--json"))
            json = true;
        else if (!strcmp(argv[i], "--leaveok"))
            leave = true;
        else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            usage(stdout);
            return 0;
        } else if (argv[i][0] == '-' || path) {
            usage(stderr);
            return 2;
        } else
            path = argv[i];
    }
    if (!path) {
        usage(stderr);
        return 2;
    }

    /* Widths (wcwidth) and ncurses' output encoding both follow LC_CTYPE. */
    if (!setlocale(LC_ALL, "C.UTF-8")) {
        fprintf(stderr, "ncurses-replay: the C.UTF-8 locale is not available\n");
        return 2;
    }

    tf_file file;
    char err[512];
    tf_status status = tf_load(path, &file, err, sizeof err);
    if (status != TF_OK) {
        fprintf(stderr, "%s\n", err);
        return status == TF_MALFORMED ? 1 : 2;
    }

    /* Environment that would change what ncurses emits. */
    unsetenv("NCURSES_ASSUMED_COLORS");
    unsetenv("NCURSES_NO_UTF8_ACS");
    unsetenv("NCURSES_NO_PADDING");
    /* The output is a file, so ncurses cannot ask it for its size: it takes
     * LINES/COLUMNS from the environment (use_env is TRUE by default). */
    char num[16];
    snprintf(num, sizeof num, "%d", file.rows);
    setenv("LINES", num, 1);
    snprintf(num, sizeof num, "%d", file.cols);
    setenv("COLUMNS", num, 1);

    FILE *out = tmpfile();
    FILE *in = fopen("/dev/null", "r");
    if (!out || !in) {
        perror("ncurses-replay");
        return 2;
    }
    SCREEN *screen = newterm(term, out, in);
    if (!screen) {
        fprintf(stderr, "ncurses-replay: newterm(\"%s\") failed (unknown terminal?)\n",
                term);
        return 2;
    }
    set_term(screen);
    if (LINES != file.rows || COLS != file.cols)
        resize_term(file.rows, file.cols);
    if (LINES != file.rows || COLS != file.cols || getmaxy(stdscr) != file.rows ||
        getmaxx(stdscr) != file.cols) {
        endwin();
        fprintf(stderr, "ncurses-replay: could not size the screen to %dx%d (got %dx%d)\n",
                file.cols, file.rows, COLS, LINES);
        return 2;
    }

    /* Configured the way an interactive application would be. */
    cbreak();
    noecho();
    nonl(); /* lets ncurses move down with LF; in nl() mode it avoids LF */
    intrflush(stdscr, FALSE);
    keypad(stdscr, TRUE);
    idlok(stdscr, TRUE); /* insert/delete line and scroll optimisation */
    scrollok(stdscr, FALSE);
    leaveok(stdscr, leave ? TRUE : FALSE);
    /* /dev/null always polls readable; without this ncurses would take it for
     * typeahead and cut updates short. A real app with no pending input never
     * hits that path. */
    typeahead(-1);

    bool colors = has_colors();
    if (colors) {
        start_color();
        use_default_colors();
        if (COLORS > 256) {
            endwin();
            fprintf(stderr, "ncurses-replay: direct-colour terminals (COLORS=%d) "
                            "are not supported\n", COLORS);
            return 2;
        }
    }

    style_slot slots[128] = {{0}};
    int strikeStyles = 0;
    for (int k = 0; k < 128; k++) {
        const tf_style *st = &file.styles[k];
        if (!st->declared)
            continue;
        attr_t a = WA_NORMAL;
        if (st->attrs & TF_BOLD) a |= WA_BOLD;
        if (st->attrs & TF_DIM) a |= WA_DIM;
        if (st->attrs & TF_ITALIC) a |= WA_ITALIC;
        if (st->attrs & TF_UNDERLINE) a |= WA_UNDERLINE;
        if (st->attrs & TF_BLINK) a |= WA_BLINK;
        if (st->attrs & TF_REVERSE) a |= WA_REVERSE;
        if (st->attrs & TF_STRIKE) strikeStyles++; /* curses has no strikeout */
        slots[k].attrs = a;
        int fg = terminal_color(st->fg), bg = terminal_color(st->bg);
        if (colors && (fg != -1 || bg != -1)) {
            slots[k].pair = alloc_pair(fg, bg);
            if (slots[k].pair < 0) {
                endwin();
                fprintf(stderr, "ncurses-replay: alloc_pair(%d, %d) failed for style '%c'\n",
                        fg, bg, k);
                return 2;
            }
        }
    }

    const long long setupBytes = output_size(out);
    const int cols = file.cols, rows = file.rows;
    tf_cell *cells = malloc(sizeof(tf_cell) * (size_t)cols);
    cchar_t *line = malloc(sizeof(cchar_t) * (size_t)cols);
    frame_result *results = calloc(file.frameCount, sizeof *results);
    long long mark = setupBytes;
    long widthDisagreements = 0, truncated = 0;

    for (size_t f = 0; f < file.frameCount; f++) {
        const tf_frame *frame = &file.frames[f];
        for (int y = 0; y < rows; y++) {
            int n = tf_decode_row(&file, &frame->rows[y], cells, err, sizeof err);
            if (n < 0) { /* validated at load time; cannot happen */
                endwin();
                fprintf(stderr, "%s\n", err);
                return 1;
            }
            int m = 0, col = 0;
            for (int i = 0; i < n; i++) {
                const style_slot *slot = &slots[(unsigned char)cells[i].key];
                set_cell(&line[m++], &cells[i], slot);
                if (cells[i].total > CCHARW_MAX)
                    truncated++;
                if (cells[i].width == 2 && cells[i].baseWidth == 1) {
                    /* The tuiframes rule says wide (VS16, a flag, a ZWJ
                     * sequence) but ncurses measures the base with wcwidth
                     * as 1: keep the columns aligned with a blank. */
                    set_blank(&line[m++], slot);
                    widthDisagreements++;
                }
                col += cells[i].width;
            }
            for (; col < cols; col++)
                set_blank(&line[m++], &slots[0]);
            mvwadd_wchnstr(stdscr, y, 0, line, m);
        }
        if (!leave)
            wmove(stdscr, 0, 0);
        wnoutrefresh(stdscr);
        long long t0 = now_ns();
        doupdate();
        long long t1 = now_ns();
        long long size = output_size(out);
        results[f].bytes = size - mark;
        results[f].nanoseconds = t1 - t0;
        mark = size;
    }
    const long long endBytes = mark;
    endwin();
    delscreen(screen);

    if (rawPath) {
        FILE *raw = fopen(rawPath, "wb");
        if (!raw) {
            perror(rawPath);
            return 2;
        }
        char buf[1 << 16];
        for (long long at = setupBytes; at < endBytes;) {
            size_t want = (size_t)(endBytes - at < (long long)sizeof buf
                                       ? endBytes - at : (long long)sizeof buf);
            ssize_t got = pread(fileno(out), buf, want, (off_t)at);
            if (got <= 0) {
                fprintf(stderr, "ncurses-replay: reading back the output failed\n");
                return 2;
            }
            fwrite(buf, 1, (size_t)got, raw);
            at += got;
        }
        if (fclose(raw) != 0) {
            perror(rawPath);
            return 2;
        }
    }

    if (strikeStyles)
        fprintf(stderr, "ncurses-replay: note: %d style(s) use strike, which curses "
                        "cannot express; drawn without it\n", strikeStyles);
    if (widthDisagreements)
        fprintf(stderr, "ncurses-replay: note: %ld grapheme(s) are wide by the tuiframes "
                        "rule but 1 column to wcwidth; padded with a blank\n",
                widthDisagreements);
    if (truncated)
        fprintf(stderr, "ncurses-replay: note: %ld grapheme(s) have more than %d code "
                        "points; ncurses keeps the first %d\n",
                truncated, CCHARW_MAX, CCHARW_MAX);

    long long total = endBytes - setupBytes;
    if (json) {
        printf("{\"path\": ");
        json_string(stdout, path);
        printf(", \"columns\": %d, \"rows\": %d, \"term\": ", cols, rows);
        json_string(stdout, term);
        printf(", \"setupBytes\": %lld, \"frames\": [", setupBytes);
        for (size_t f = 0; f < file.frameCount; f++)
            printf("%s{\"bytes\": %lld, \"encodeNanoseconds\": %lld}", f ? ", " : "",
                   results[f].bytes, results[f].nanoseconds);
        printf("], \"totalBytes\": %lld}\n", total);
    } else {
        printf("%s: %dx%d, term %s, setup %lld bytes (not counted)\n", path, cols,
               rows, term, setupBytes);
        printf("%6s %10s %12s  %s\n", "frame", "bytes", "encode_us", "label");
        for (size_t f = 0; f < file.frameCount; f++)
            printf("%6zu %10lld %12.1f  %.*s\n", f + 1, results[f].bytes,
                   (double)results[f].nanoseconds / 1000.0,
                   (int)file.frames[f].labelLen, file.frames[f].label);
        long long *sorted = malloc(sizeof(long long) * file.frameCount);
        for (size_t f = 0; f < file.frameCount; f++)
            sorted[f] = results[f].bytes;
        qsort(sorted, file.frameCount, sizeof *sorted, compare_ll);
        size_t c = file.frameCount;
        double median = c % 2 ? (double)sorted[c / 2]
                              : (double)(sorted[c / 2 - 1] + sorted[c / 2]) / 2.0;
        printf("total bytes: %lld  median bytes: %.1f  frames: %zu\n", total, median, c);
        free(sorted);
    }
    free(cells);
    free(line);
    free(results);
    fclose(out);
    fclose(in);
    tf_free(&file);
    return 0;
}
