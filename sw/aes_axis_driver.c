// SPDX-License-Identifier: Apache-2.0
// aes_axis_driver: see aes_axis_driver.h. Offsets come from the generated register
// layout (offsetof the struct), fields from its _bp/_bm macros, codes from aes_axis_codes.h.
#include "aes_axis_driver.h"

#include <string.h>

#define REG(name) ((uint32_t)offsetof(aes_axis_regs_t, name))
#define FIELD(reg, name, v) (((uint32_t)(v) << AES_AXIS_REGS__##reg##__##name##_bp) \
                             & AES_AXIS_REGS__##reg##__##name##_bm)
#define GET(reg, name, v) (((v) & AES_AXIS_REGS__##reg##__##name##_bm) >> AES_AXIS_REGS__##reg##__##name##_bp)
#define KEY_WORDS (sizeof(((aes_axis_regs_t *)0)->KEY) / 4)
#define KEY2_WORDS (sizeof(((aes_axis_regs_t *)0)->KEY2) / 4)
#define IV_WORDS  (sizeof(((aes_axis_regs_t *)0)->IV) / 4)

static uint32_t le32(const uint8_t *p) {                 // byte i of a key/IV -> bits 8i..8i+7
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void mmio_write(void *bus, uint32_t offset, uint32_t value) {
    *(volatile uint32_t *)((volatile uint8_t *)bus + offset) = value;
}

static uint32_t mmio_read(void *bus, uint32_t offset) {
    return *(volatile uint32_t *)((volatile uint8_t *)bus + offset);
}

int aes_axis_init(aes_axis_t *dev, void *bus, void (*write)(void *, uint32_t, uint32_t),
                  uint32_t (*read)(void *, uint32_t)) {
    dev->bus = bus;
    dev->write = write;
    dev->read = read;
    dev->caps = 0;
    dev->ctrl = 0;
    if (read == NULL)                                    // write-only bus: trust the build
        return AES_AXIS_OK;
    if (read(bus, REG(ID)) != AES_AXIS_REGS__ID__VALUE_reset)
        return AES_AXIS_E_ID;
    dev->caps = read(bus, REG(CAPS));
    dev->ctrl = read(bus, REG(CTRL));
    return AES_AXIS_OK;
}

int aes_axis_init_mmio(aes_axis_t *dev, volatile void *base) {
    return aes_axis_init(dev, (void *)base, mmio_write, mmio_read);
}

static int key_len_code(size_t key_bytes, uint32_t *code) {
    switch (key_bytes) {
    case 16: *code = AES_AXIS_KEY_LEN_AES128; return AES_AXIS_OK;
    case 24: *code = AES_AXIS_KEY_LEN_AES192; return AES_AXIS_OK;
    case 32: *code = AES_AXIS_KEY_LEN_AES256; return AES_AXIS_OK;
    default: return AES_AXIS_E_ARG;
    }
}

// With CAPS read (a readable bus), refuse what the build lacks before touching the IP.
static int supported(const aes_axis_t *dev, uint32_t key_len, uint32_t mode, int decrypt) {
    uint32_t c = dev->caps;
    if (c == 0)
        return AES_AXIS_OK;
    if (!(GET(CAPS, KEY_SIZES, c) >> key_len & 1u))
        return AES_AXIS_E_UNSUPPORTED;
    int core_dec = decrypt && (mode == AES_AXIS_MODE_ECB || mode == AES_AXIS_MODE_CBC ||
                               mode == AES_AXIS_MODE_XTS);
    if (!(core_dec ? GET(CAPS, DEC, c) : GET(CAPS, ENC, c)))
        return AES_AXIS_E_UNSUPPORTED;
    if (mode == AES_AXIS_MODE_XTS ? !GET(CAPS, XTS, c) :
        mode == AES_AXIS_MODE_GCM ? !GET(CAPS, GCM, c) : !(GET(CAPS, MODES, c) >> mode & 1u))
        return AES_AXIS_E_UNSUPPORTED;
    return AES_AXIS_OK;
}

static int check_args(const aes_axis_t *dev, size_t key_bytes, uint32_t mode, int decrypt,
                      const uint8_t *iv, uint32_t *key_len) {
    if (key_len_code(key_bytes, key_len) != AES_AXIS_OK || (mode > AES_AXIS_MODE_GCM && mode != AES_AXIS_MODE_XTS))
        return AES_AXIS_E_ARG;
    if (iv == NULL && (mode == AES_AXIS_MODE_CBC || mode == AES_AXIS_MODE_CTR || mode == AES_AXIS_MODE_XTS))
        return AES_AXIS_E_ARG;
    return supported(dev, *key_len, mode, decrypt);
}

static void write_key(aes_axis_t *dev, const uint8_t *key, size_t key_bytes) {
    for (uint32_t w = 0; w < KEY_WORDS; w++)
        dev->write(dev->bus, REG(KEY) + 4 * w, 4 * w < key_bytes ? le32(key + 4 * w) : 0);
}

static void write_iv(aes_axis_t *dev, const uint8_t *iv) {
    for (uint32_t w = 0; w < IV_WORDS; w++)
        dev->write(dev->bus, REG(IV) + 4 * w, iv ? le32(iv + 4 * w) : 0);
}

static void write_key2(aes_axis_t *dev, const uint8_t *key2, size_t key_bytes) {
    for (uint32_t w = 0; w < KEY2_WORDS; w++)
        dev->write(dev->bus, REG(KEY2) + 4 * w, 4 * w < key_bytes ? le32(key2 + 4 * w) : 0);
}

// mode: a code of aes_axis_driver.h ({MODE_HI, MODE})
static void write_ctrl(aes_axis_t *dev, uint32_t mode, int decrypt, uint32_t key_len) {
    dev->ctrl = FIELD(CTRL, MODE, mode & 3u) | FIELD(CTRL, MODE_HI, mode >> 2) |
                FIELD(CTRL, DECRYPT, decrypt != 0) | FIELD(CTRL, KEY_LEN, key_len);
    dev->write(dev->bus, REG(CTRL), dev->ctrl);
}

int aes_axis_set_key(aes_axis_t *dev, const uint8_t *key, size_t key_bytes) {
    uint32_t key_len;
    if (key == NULL || key_len_code(key_bytes, &key_len) != AES_AXIS_OK)
        return AES_AXIS_E_ARG;
    if (dev->caps && !(GET(CAPS, KEY_SIZES, dev->caps) >> key_len & 1u))
        return AES_AXIS_E_UNSUPPORTED;
    write_key(dev, key, key_bytes);
    write_ctrl(dev, GET(CTRL, MODE, dev->ctrl) | GET(CTRL, MODE_HI, dev->ctrl) << 2,
               (int)GET(CTRL, DECRYPT, dev->ctrl), key_len);
    return AES_AXIS_OK;
}

int aes_axis_set_key2(aes_axis_t *dev, const uint8_t *key2, size_t key_bytes) {
    uint32_t key_len;
    if (key2 == NULL || key_len_code(key_bytes, &key_len) != AES_AXIS_OK ||
        key_len != GET(CTRL, KEY_LEN, dev->ctrl))
        return AES_AXIS_E_ARG;
    write_key2(dev, key2, key_bytes);
    return AES_AXIS_OK;
}

int aes_axis_set_mode(aes_axis_t *dev, uint32_t mode, int decrypt, const uint8_t *iv) {
    uint32_t key_len = GET(CTRL, KEY_LEN, dev->ctrl);
    int err = check_args(dev, 16u + 8u * key_len, mode, decrypt, iv, &key_len);
    if (err != AES_AXIS_OK)
        return err;
    write_iv(dev, iv);
    write_ctrl(dev, mode, decrypt, key_len);
    return AES_AXIS_OK;
}

int aes_axis_stage_and_commit(aes_axis_t *dev, const uint8_t *key, size_t key_bytes,
                              uint32_t mode, int decrypt, const uint8_t *iv) {
    uint32_t key_len;
    int xts = mode == AES_AXIS_MODE_XTS;
    if (xts && key_bytes % 2)
        return AES_AXIS_E_ARG;
    size_t half = xts ? key_bytes / 2 : key_bytes;       // XTS: key 1 then key 2
    int err = check_args(dev, half, mode, decrypt, iv, &key_len);
    if (err != AES_AXIS_OK || key == NULL)
        return err != AES_AXIS_OK ? err : AES_AXIS_E_ARG;
    if (xts && memcmp(key, key + half, half) == 0)
        return AES_AXIS_E_ARG;                           // SP 800-38E: the IP refuses it too
    write_key(dev, key, half);
    if (xts)
        write_key2(dev, key + half, half);
    write_iv(dev, iv);
    write_ctrl(dev, mode, decrypt, key_len);
    dev->write(dev->bus, REG(COMMAND), AES_AXIS_REGS__COMMAND__COMMIT_bm);
    return AES_AXIS_OK;
}

int aes_axis_commit(aes_axis_t *dev) {
    aes_axis_clear_errors(dev, AES_AXIS_REGS__ERROR__BAD_CONFIG_bm);
    dev->write(dev->bus, REG(COMMAND), AES_AXIS_REGS__COMMAND__COMMIT_bm);
    uint32_t e = aes_axis_errors(dev);
    if (dev->read && (e & AES_AXIS_REGS__ERROR__FAULT_bm))
        return AES_AXIS_E_FAULT;
    if (dev->read && (e & AES_AXIS_REGS__ERROR__BAD_CONFIG_bm))
        return AES_AXIS_E_REFUSED;
    return AES_AXIS_OK;
}

uint32_t aes_axis_status(aes_axis_t *dev) { return dev->read ? dev->read(dev->bus, REG(STATUS)) : 0; }

uint32_t aes_axis_errors(aes_axis_t *dev) { return dev->read ? dev->read(dev->bus, REG(ERROR)) : 0; }

void aes_axis_clear_errors(aes_axis_t *dev, uint32_t bits) { dev->write(dev->bus, REG(ERROR), bits); }

void aes_axis_clear(aes_axis_t *dev) {
    dev->write(dev->bus, REG(COMMAND), AES_AXIS_REGS__COMMAND__CLEAR_bm);
}
