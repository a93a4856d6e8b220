/*
 * tuiframes.h — a parser for the `tuiframes` screen-sequence format, version 1
 * (see /work/shared/formats/tuiframes.md in the project).
 *
 * The whole file is read and validated up front by tf_load(); rows are kept as
 * pointers into the file's bytes and decoded into cells on demand by
 * tf_decode_row(), so a long recording does not need a cell grid per frame.
 */
#ifndef TUIFRAMES_H
#define TUIFRAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Attribute bits of a style. */
enum {
    TF_BOLD = 1 << 0,
    TF_DIM = 1 << 1,
    TF_ITALIC = 1 << 2,
    TF_UNDERLINE = 1 << 3,
    TF_BLINK = 1 << 4,
    TF_REVERSE = 1 << 5,
    TF_STRIKE = 1 << 6,
};

/* How a colour of a style is given. */
typedef enum {
    TF_COLOR_DEFAULT = 0, /* the terminal's default colour */
    TF_COLOR_PALETTE,     /* value is a 256-colour palette index, 0–255 */
    TF_COLOR_RGB,         /* value is 0xRRGGBB */
} tf_color_kind;

typedef struct {
    tf_color_kind kind;
    uint32_t value;
} tf_color;

/* One `style KEY ATTR...` line. */
typedef struct {
    bool declared;
    tf_color fg, bg;
    unsigned attrs; /* TF_BOLD | ... */
} tf_style;

/* One `|TEXT` row and its optional `:KEYS` line, as byte ranges of the file. */
typedef struct {
    const char *text;
    size_t textLen;
    const char *keys; /* NULL when the row has no `:` line */
    size_t keysLen;
    int line;     /* 1-based line number of the `|` line */
    int keysLine; /* of the `:` line, or 0 */
} tf_row;

typedef struct {
    const char *label; /* may be empty; not NUL-terminated */
    size_t labelLen;
    int line;
    tf_row *rows; /* exactly `rows` entries */
} tf_frame;

typedef struct {
    const char *path;
    char *data; /* the file's bytes */
    size_t size;
    int cols, rows;
    tf_style styles[128]; /* indexed by the key character */
    tf_frame *frames;
    size_t frameCount;
} tf_file;

/* The most code points of one grapheme cluster kept; more are counted but
 * dropped (ncurses itself keeps at most CCHARW_MAX = 5). */
#define TF_CLUSTER_MAX 8

/* One grapheme cluster placed on a row. */
typedef struct {
    uint32_t cps[TF_CLUSTER_MAX];
    int stored;    /* code points in cps */
    int total;     /* code points in the source cluster (may exceed stored) */
    int col;       /* first column, 0-based */
    int width;     /* columns it takes by the tuiframes rule: 1 or 2 */
    int baseWidth; /* wcwidth() of the base code point, clamped to 1...2: the
                      width ncurses gives the cell */
    char key;      /* style key, or 0 for the default style */
} tf_cell;

/* What tf_load() found. */
typedef enum {
    TF_OK = 0,
    TF_MALFORMED = 1, /* err holds "path:line: reason" */
    TF_IO_ERROR = 2,  /* err holds "path: reason" */
} tf_status;

/* Reads and validates `path`. Needs an UTF-8 LC_CTYPE (for wcwidth). */
tf_status tf_load(const char *path, tf_file *out, char *err, size_t errLen);

/* Decodes a row into cells (at most file->cols of them), left to right.
 * Columns not covered by a cell are blank in the default style. Returns the
 * number of cells, or -1 with "path:line: reason" in err. */
int tf_decode_row(const tf_file *file, const tf_row *row, tf_cell *cells,
                  char *err, size_t errLen);

void tf_free(tf_file *file);

#endif
