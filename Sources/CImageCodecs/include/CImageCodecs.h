#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H

/* PNG and JPEG decoding to RGBA8 for the engine's PixelImage, in strict C11.
 *
 * Every function returns a status code and never aborts, exits or longjmps
 * out of this file: libjpeg's error exit longjmps only to a jmp_buf set in
 * the same C function, and libpng's simplified API reports errors in its
 * png_image. Decoding is in two calls: `*_info` reads the header (so the
 * caller checks the size against its limits and allocates), then
 * `*_decode` fills the caller's width * height * 4 bytes. */

#include <stddef.h>
#include <stdint.h>

enum {
    CIC_OK = 0,
    /* The data is not a well-formed image of that format (truncated,
     * corrupt, a bad checksum, a warning from the decoder). */
    CIC_MALFORMED = 1,
    /* The output buffer is not width * height * 4 bytes, or a dimension is 0. */
    CIC_BAD_BUFFER = 2,
    /* The decoder could not allocate memory. */
    CIC_OUT_OF_MEMORY = 3
};

/* The decoder's message for the last failure of this thread's call, copied
 * into `message` (at most `capacity` bytes, NUL-terminated) when given. */

int cic_png_info(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                 char *message, size_t capacity);
int cic_png_decode(const uint8_t *data, size_t size, uint8_t *rgba, size_t rgba_size,
                   char *message, size_t capacity);

int cic_jpeg_info(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                  char *message, size_t capacity);
int cic_jpeg_decode(const uint8_t *data, size_t size, uint8_t *rgba, size_t rgba_size,
                    char *message, size_t capacity);

#endif
