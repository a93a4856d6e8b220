/*
 * tuiframes.c — reading and validating a `tuiframes` file (format version 1).
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "tuiframes.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

static bool fail(char *err, size_t errLen, const char *path, int line,
                 const char *fmt, ...) {
    int n = snprintf(err, errLen, "%s:%d: ", path, line);
    if (n >= 0 && (size_t)n < errLen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + n, errLen - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return false;
}

/* Decodes one UTF-8 sequence at s[*i] (strict: no overlongs, surrogates or
 * values past U+10FFFF). Advances *i on success. */
static bool utf8_next(const unsigned char *s, size_t len, size_t *i,
                      uint32_t *cp) {
    size_t p = *i;
    unsigned char c = s[p];
    uint32_t v, min;
    int extra;
    if (c < 0x80) {
        *cp = c;
        *i = p + 1;
        return true;
    } else if (c >= 0xC2 && c <= 0xDF) {
        v = c & 0x1F, extra = 1, min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        v = c & 0x0F, extra = 2, min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        v = c & 0x07, extra = 3, min = 0x10000;
    } else {
        return false;
    }
    if (p + (size_t)extra >= len)
        return false;
    for (int k = 1; k <= extra; k++) {
        unsigned char t = s[p + (size_t)k];
        if ((t & 0xC0) != 0x80)
            return false;
        v = (v << 6) | (t & 0x3F);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return false;
    *cp = v;
    *i = p + (size_t)extra + 1;
    return true;
}

static bool is_control(uint32_t cp) {
    return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F);
}

static bool is_regional_indicator(uint32_t cp) {
    return cp >= 0x1F1E6 && cp <= 0x1F1FF;
}

static bool is_skin_tone(uint32_t cp) { return cp >= 0x1F3FB && cp <= 0x1F3FF; }

static bool is_key_char(unsigned char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           (c >= '0' && c <= '9');
}

static bool starts_with(const char *s, size_t len, const char *prefix) {
    size_t n = strlen(prefix);
    return len >= n && memcmp(s, prefix, n) == 0;
}

static bool token_is(const char *s, size_t len, const char *word) {
    return strlen(word) == len && memcmp(s, word, len) == 0;
}

/* Parses a decimal number without sign or leading junk; false if it is not
 * one or exceeds `max`. */
static bool parse_uint(const char *s, size_t len, long max, long *out) {
    if (len == 0 || len > 9)
        return false;
    long v = 0;
    for (size_t k = 0; k < len; k++) {
        if (s[k] < '0' || s[k] > '9')
            return false;
        v = v * 10 + (s[k] - '0');
    }
    if (v > max)
        return false;
    *out = v;
    return true;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static bool parse_color(const char *s, size_t len, tf_color *out) {
    if (len == 7 && s[0] == '#') {
        uint32_t v = 0;
        for (size_t k = 1; k < 7; k++) {
            int d = hex_digit(s[k]);
            if (d < 0)
                return false;
            v = (v << 4) | (uint32_t)d;
        }
        out->kind = TF_COLOR_RGB;
        out->value = v;
        return true;
    }
    long n;
    if (!parse_uint(s, len, 255, &n))
        return false;
    out->kind = TF_COLOR_PALETTE;
    out->value = (uint32_t)n;
    return true;
}

/* Splits s[0..len) at runs of spaces; returns the number of tokens (at most
 * max). */
static int split(const char *s, size_t len, const char **tok, size_t *tokLen,
                 int max) {
    int n = 0;
    size_t k = 0;
    while (k < len) {
        while (k < len && s[k] == ' ')
            k++;
        if (k == len)
            break;
        size_t start = k;
        while (k < len && s[k] != ' ')
            k++;
        if (n == max)
            return max + 1;
        tok[n] = s + start;
        tokLen[n] = k - start;
        n++;
    }
    return n;
}

static bool parse_style(tf_file *f, const char *s, size_t len, int line,
                        char *err, size_t errLen) {
    const char *tok[32];
    size_t tokLen[32];
    int n = split(s, len, tok, tokLen, 31);
    if (n > 31)
        return fail(err, errLen, f->path, line, "too many words on a style line");
    if (n < 2)
        return fail(err, errLen, f->path, line, "style line without a KEY");
    if (tokLen[1] != 1 || !is_key_char((unsigned char)tok[1][0]))
        return fail(err, errLen, f->path, line,
                    "style KEY must be one character of [A-Za-z0-9], got '%.*s'",
                    (int)tokLen[1], tok[1]);
    tf_style *st = &f->styles[(unsigned char)tok[1][0]];
    if (st->declared)
        return fail(err, errLen, f->path, line, "style '%c' declared twice",
                    tok[1][0]);
    memset(st, 0, sizeof *st);
    st->declared = true;
    static const struct { const char *name; unsigned bit; } names[] = {
        {"bold", TF_BOLD},         {"dim", TF_DIM},   {"italic", TF_ITALIC},
        {"underline", TF_UNDERLINE}, {"blink", TF_BLINK}, {"reverse", TF_REVERSE},
        {"strike", TF_STRIKE},
    };
    for (int t = 2; t < n; t++) {
        const char *a = tok[t];
        size_t al = tokLen[t];
        if (starts_with(a, al, "fg=") || starts_with(a, al, "bg=")) {
            tf_color *c = a[0] == 'f' ? &st->fg : &st->bg;
            if (!parse_color(a + 3, al - 3, c))
                return fail(err, errLen, f->path, line,
                            "bad colour '%.*s' (want 0-255 or #rrggbb)", (int)al, a);
            continue;
        }
        bool known = false;
        for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
            if (token_is(a, al, names[k].name)) {
                st->attrs |= names[k].bit;
                known = true;
            }
        }
        if (!known)
            return fail(err, errLen, f->path, line, "unknown style attribute '%.*s'",
                        (int)al, a);
    }
    return true;
}

static bool parse_size(tf_file *f, const char *s, size_t len, int line,
                       char *err, size_t errLen) {
    const char *tok[4];
    size_t tokLen[4];
    long c, r;
    int n = split(s, len, tok, tokLen, 3);
    if (n != 3 || !token_is(tok[0], tokLen[0], "size"))
        return fail(err, errLen, f->path, line,
                    "second line must be 'size COLS ROWS'");
    if (!parse_uint(tok[1], tokLen[1], 1000, &c) || c < 1 ||
        !parse_uint(tok[2], tokLen[2], 1000, &r) || r < 1)
        return fail(err, errLen, f->path, line,
                    "size must be 1-1000 columns by 1-1000 rows");
    f->cols = (int)c;
    f->rows = (int)r;
    return true;
}

static bool read_file(const char *path, char **data, size_t *size, char *err,
                      size_t errLen) {
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        snprintf(err, errLen, "%s: %s", path, strerror(errno));
        return false;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (n == cap)
            buf = realloc(buf, cap *= 2);
        size_t got = fread(buf + n, 1, cap - n, fp);
        n += got;
        if (got == 0)
            break;
    }
    bool bad = ferror(fp);
    fclose(fp);
    if (bad) {
        free(buf);
        snprintf(err, errLen, "%s: read error", path);
        return false;
    }
    *data = buf;
    *size = n;
    return true;
}

tf_status tf_load(const char *path, tf_file *f, char *err, size_t errLen) {
    memset(f, 0, sizeof *f);
    f->path = path;
    if (!read_file(path, &f->data, &f->size, err, errLen))
        return TF_IO_ERROR;

    size_t frameCap = 0;
    tf_frame *cur = NULL;
    int rowsInFrame = 0;
    bool lastWasUnstyledRow = false; /* a `:` line may follow */
    int line = 0;
    size_t pos = 0;
    tf_cell *scratch = NULL;

    while (pos < f->size) {
        const char *s = f->data + pos;
        const char *nl = memchr(s, '\n', f->size - pos);
        size_t len = nl ? (size_t)(nl - s) : f->size - pos;
        pos += len + (nl ? 1 : 0);
        line++;

        if (len > 0 && s[len - 1] == '\r') {
            fail(err, errLen, path, line, "line ends with \\r (use \\n line ends)");
            goto bad;
        }
        for (size_t k = 0; k < len;) {
            uint32_t cp;
            if (!utf8_next((const unsigned char *)s, len, &k, &cp)) {
                fail(err, errLen, path, line, "invalid UTF-8 at byte %zu", k + 1);
                goto bad;
            }
        }

        if (line == 1) {
            if (!token_is(s, len, "tuiframes 1")) {
                fail(err, errLen, path, line, "first line must be 'tuiframes 1'");
                goto bad;
            }
            continue;
        }
        if (line == 2) {
            if (!parse_size(f, s, len, line, err, errLen))
                goto bad;
            scratch = malloc(sizeof(tf_cell) * (size_t)f->cols);
            continue;
        }
        if (len > 0 && s[0] == '#')
            continue;

        /* Any line but a comment or ':' ends the preceding row: validate it
         * now if it had no style line. */
        if (lastWasUnstyledRow && !(len > 0 && s[0] == ':')) {
            if (tf_decode_row(f, &cur->rows[rowsInFrame - 1], scratch, err,
                              errLen) < 0)
                goto bad;
            lastWasUnstyledRow = false;
        }

        if (len > 0 && s[0] == '|') {
            if (!cur) {
                fail(err, errLen, path, line, "row before the first 'frame' line");
                goto bad;
            }
            if (rowsInFrame == f->rows) {
                fail(err, errLen, path, line, "frame has more than %d rows", f->rows);
                goto bad;
            }
            tf_row *r = &cur->rows[rowsInFrame++];
            r->text = s + 1;
            r->textLen = len - 1;
            r->line = line;
            lastWasUnstyledRow = true;
            continue;
        }
        if (len > 0 && s[0] == ':') {
            if (!lastWasUnstyledRow) {
                fail(err, errLen, path, line,
                     "':' style line must directly follow a '|' row");
                goto bad;
            }
            tf_row *r = &cur->rows[rowsInFrame - 1];
            r->keys = s + 1;
            r->keysLen = len - 1;
            r->keysLine = line;
            lastWasUnstyledRow = false;
            /* Decoding validates the row together with its styles. */
            if (tf_decode_row(f, r, scratch, err, errLen) < 0)
                goto bad;
            continue;
        }
        if (starts_with(s, len, "style ") || token_is(s, len, "style")) {
            if (cur) {
                fail(err, errLen, path, line, "style line after the first frame");
                goto bad;
            }
            if (!parse_style(f, s, len, line, err, errLen))
                goto bad;
            continue;
        }
        if (token_is(s, len, "frame") || starts_with(s, len, "frame ")) {
            if (cur && rowsInFrame != f->rows) {
                fail(err, errLen, path, line,
                     "previous frame (line %d) has %d rows, want %d", cur->line,
                     rowsInFrame, f->rows);
                goto bad;
            }
            if (f->frameCount == frameCap) {
                frameCap = frameCap ? frameCap * 2 : 64;
                f->frames = realloc(f->frames, frameCap * sizeof *f->frames);
            }
            cur = &f->frames[f->frameCount++];
            cur->label = len > 6 ? s + 6 : s + len;
            cur->labelLen = len > 6 ? len - 6 : 0;
            cur->line = line;
            cur->rows = calloc((size_t)f->rows, sizeof(tf_row));
            rowsInFrame = 0;
            continue;
        }
        if (len == 0)
            fail(err, errLen, path, line, "empty line");
        else
            fail(err, errLen, path, line, "unrecognised line (want 'style', "
                                          "'frame', '|', ':' or '#')");
        goto bad;
    }
    if (line < 2) {
        fail(err, errLen, path, line < 1 ? 1 : line,
             line < 1 ? "empty file" : "missing 'size COLS ROWS' line");
        goto bad;
    }
    if (lastWasUnstyledRow &&
        tf_decode_row(f, &cur->rows[rowsInFrame - 1], scratch, err, errLen) < 0)
        goto bad;
    if (!cur) {
        fail(err, errLen, path, line, "file has no frames");
        goto bad;
    }
    if (rowsInFrame != f->rows) {
        fail(err, errLen, path, line, "last frame (line %d) has %d rows, want %d",
             cur->line, rowsInFrame, f->rows);
        goto bad;
    }
    free(scratch);
    return TF_OK;
bad:
    free(scratch);
    tf_free(f);
    return TF_MALFORMED;
}

/* wcwidth() of a code point, as the width ncurses will give it. */
static int cp_width(uint32_t cp) { return wcwidth((wchar_t)cp); }

/* Checks that a closed cluster ends inside the row. */
static bool fits(const tf_file *f, const tf_row *row, const tf_cell *c,
                 char *err, size_t errLen) {
    if (c->col + c->width <= f->cols)
        return true;
    if (c->width == 2 && c->col == f->cols - 1)
        return fail(err, errLen, f->path, row->line,
                    "wide grapheme straddles the last column");
    return fail(err, errLen, f->path, row->line, "row wider than %d columns",
                f->cols);
}

int tf_decode_row(const tf_file *f, const tf_row *row, tf_cell *cells,
                  char *err, size_t errLen) {
    const unsigned char *s = (const unsigned char *)row->text;
    size_t len = row->textLen;
    int n = 0;  /* cells so far; cells[n-1] is the open cluster */
    int col = 0; /* columns used by closed clusters */
    uint32_t prev = 0;

    for (size_t k = 0; k < len;) {
        uint32_t cp;
        size_t at = k;
        if (!utf8_next(s, len, &k, &cp)) {
            fail(err, errLen, f->path, row->line, "invalid UTF-8");
            return -1;
        }
        if (is_control(cp)) {
            fail(err, errLen, f->path, row->line,
                 "control character U+%04X in row (byte %zu)", cp, at + 2);
            return -1;
        }
        int w = cp_width(cp);
        tf_cell *open = n > 0 ? &cells[n - 1] : NULL;
        /* A simplified UAX #29: marks and other zero-width code points,
         * anything after ZWJ, skin-tone modifiers and the second regional
         * indicator of a flag stay with the cluster before them. */
        bool joins = open &&
                     (w == 0 || prev == 0x200D || is_skin_tone(cp) ||
                      (is_regional_indicator(cp) &&
                       is_regional_indicator(open->cps[0]) && open->total == 1));
        if (joins) {
            if (open->stored < TF_CLUSTER_MAX)
                open->cps[open->stored++] = cp;
            open->total++;
            if (cp == 0xFE0F)
                open->width = 2; /* emoji presentation */
            else if (is_regional_indicator(cp))
                open->width = 2; /* a flag */
            else if (prev == 0x200D && w == 2)
                open->width = 2; /* emoji joined to the base */
        } else {
            if (w == 0) {
                fail(err, errLen, f->path, row->line,
                     "zero-width U+%04X with no base character at column %d", cp,
                     col + 1);
                return -1;
            }
            if (open) {
                if (!fits(f, row, open, err, errLen))
                    return -1;
                col += open->width;
            }
            if (col >= f->cols) {
                fail(err, errLen, f->path, row->line, "row wider than %d columns",
                     f->cols);
                return -1;
            }
            tf_cell *c = &cells[n++];
            c->cps[0] = cp;
            c->stored = 1;
            c->total = 1;
            c->col = col;
            c->baseWidth = w < 1 ? 1 : (w > 2 ? 2 : w);
            c->width = c->baseWidth;
            c->key = 0;
        }
        prev = cp;
    }
    if (n > 0 && !fits(f, row, &cells[n - 1], err, errLen))
        return -1;
    if (row->keys) {
        const char *keys = row->keys;
        if (row->keysLen > (size_t)f->cols) {
            fail(err, errLen, f->path, row->keysLine,
                 "style line longer than %d columns", f->cols);
            return -1;
        }
        for (size_t k = 0; k < row->keysLen; k++) {
            unsigned char c = (unsigned char)keys[k];
            if (c == '.' || c == ' ')
                continue;
            if (c >= 128) {
                fail(err, errLen, f->path, row->keysLine,
                     "non-ASCII character in style line (column %zu)", k + 1);
                return -1;
            }
            if (!f->styles[c].declared) {
                fail(err, errLen, f->path, row->keysLine,
                     "undeclared style key '%c' (column %zu)", c, k + 1);
                return -1;
            }
        }
        for (int i = 0; i < n; i++) {
            size_t kc = (size_t)cells[i].col;
            char c = kc < row->keysLen ? keys[kc] : '.';
            cells[i].key = (c == '.' || c == ' ') ? 0 : c;
        }
    }
    return n;
}

void tf_free(tf_file *f) {
    for (size_t i = 0; i < f->frameCount; i++)
        free(f->frames[i].rows);
    free(f->frames);
    free(f->data);
    f->frames = NULL;
    f->data = NULL;
    f->frameCount = 0;
}
