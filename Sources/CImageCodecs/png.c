/* PNG through libpng's simplified API (png_image_*), which reports every
 * error in the png_image (it longjmps only inside libpng). */
#include "CImageCodecs.h"

#include <png.h>
#include <string.h>

static void copy_message(const png_image *image, char *message, size_t capacity) {
    if (message == NULL || capacity == 0) return;
    size_t n = strlen(image->message);
    if (n >= capacity) n = capacity - 1;
    memcpy(message, image->message, n);
    message[n] = '\0';
}

static int failure(png_image *image, char *message, size_t capacity) {
    copy_message(image, message, capacity);
    int status = strstr(image->message, "memory") != NULL ? CIC_OUT_OF_MEMORY : CIC_MALFORMED;
    png_image_free(image);
    return status;
}

int cic_png_info(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                 char *message, size_t capacity) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) return failure(&image, message, capacity);
    *width = image.width;
    *height = image.height;
    png_image_free(&image);
    return CIC_OK;
}

int cic_png_decode(const uint8_t *data, size_t size, uint8_t *rgba, size_t rgba_size,
                   char *message, size_t capacity) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) return failure(&image, message, capacity);
    image.format = PNG_FORMAT_RGBA;
    if (image.width == 0 || image.height == 0 || rgba_size / 4 / image.width != image.height
        || rgba_size % ((size_t)image.width * 4) != 0) {
        png_image_free(&image);
        return CIC_BAD_BUFFER;
    }
    if (!png_image_finish_read(&image, NULL, rgba, 0, NULL)) return failure(&image, message, capacity);
    /* A warning (a bad CRC in an ancillary chunk, extra data) is corruption too. */
    if (PNG_IMAGE_FAILED(image) || (image.warning_or_error & PNG_IMAGE_WARNING) != 0) {
        return failure(&image, message, capacity);
    }
    png_image_free(&image);
    return CIC_OK;
}
