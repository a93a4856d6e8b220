/* JPEG through libjpeg(-turbo)'s classic API. Its fatal errors call
 * error_exit, which here longjmps to the jmp_buf of the function below that
 * started the decode (never across the Swift caller); its warnings, which
 * it would print and carry on from (a truncated file decodes as grey), are
 * counted silently and reported as malformed data. */
#include "CImageCodecs.h"

/* jpeglib.h uses FILE without including stdio.h. */
#include <stdio.h>

#include <jpeglib.h>
#include <setjmp.h>
#include <string.h>

struct reporter {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    size_t capacity;
};

static void keep_message(j_common_ptr info) {
    struct reporter *r = (struct reporter *)info->err;
    if (r->message == NULL || r->capacity == 0) return;
    char text[JMSG_LENGTH_MAX];
    r->base.format_message(info, text);
    size_t n = strlen(text);
    if (n >= r->capacity) n = r->capacity - 1;
    memcpy(r->message, text, n);
    r->message[n] = '\0';
}

static void on_error(j_common_ptr info) {
    keep_message(info);
    longjmp(((struct reporter *)info->err)->jump, 1);
}

static void on_message(j_common_ptr info, int level) {
    /* level -1 is a warning (corrupt data); higher levels are trace output. */
    if (level < 0) {
        if (info->err->num_warnings == 0) keep_message(info);
        info->err->num_warnings++;
    }
}

static void silent(j_common_ptr info) { (void)info; }

/* Sets up `r` and `info` for reading `data`; the caller has set r->jump. */
static void prepare(struct jpeg_decompress_struct *info, struct reporter *r, char *message, size_t capacity) {
    info->err = jpeg_std_error(&r->base);
    r->base.error_exit = on_error;
    r->base.emit_message = on_message;
    r->base.output_message = silent;
    r->message = message;
    r->capacity = capacity;
}

int cic_jpeg_info(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                  char *message, size_t capacity) {
    struct jpeg_decompress_struct info;
    struct reporter r;
    memset(&info, 0, sizeof info);
    prepare(&info, &r, message, capacity);
    if (setjmp(r.jump)) {
        jpeg_destroy_decompress(&info);
        return CIC_MALFORMED;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    *width = info.image_width;
    *height = info.image_height;
    jpeg_destroy_decompress(&info);
    return CIC_OK;
}

int cic_jpeg_decode(const uint8_t *data, size_t size, uint8_t *rgba, size_t rgba_size,
                    char *message, size_t capacity) {
    struct jpeg_decompress_struct info;
    struct reporter r;
    memset(&info, 0, sizeof info);
    prepare(&info, &r, message, capacity);
    /* volatile: read after a longjmp. */
    volatile int status = CIC_OK;
    if (setjmp(r.jump)) {
        jpeg_destroy_decompress(&info);
        return status == CIC_OK ? CIC_MALFORMED : status;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    if (info.output_width == 0 || info.output_height == 0 || info.output_components != 4
        || rgba_size != stride * info.output_height) {
        status = CIC_BAD_BUFFER;
        jpeg_destroy_decompress(&info);
        return status;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = rgba + (size_t)info.output_scanline * stride;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    int warnings = (int)r.base.num_warnings;
    jpeg_destroy_decompress(&info);
    return warnings > 0 ? CIC_MALFORMED : CIC_OK;
}
