// SPDX-License-Identifier: Apache-2.0
// Host check of sw/aes_axis_driver.c on a recording bus: prints every access as
// "W offset value" / "R offset", one per line, for tb/sw/test_py_driver.py to compare with
// the register map (aeshw.regs). Reads answer from argv: ID CAPS CTRL ERROR; the last
// argument "rw" binds the read accessor, "wo" makes the bus write-only.
#include <stdio.h>
#include <stdlib.h>

#include "aes_axis_driver.h"

static uint32_t answers[4];   // ID, CAPS, CTRL, ERROR

static void bus_write(void *bus, uint32_t offset, uint32_t value) {
    (void)bus;
    printf("W %u %u\n", offset, value);
}

static uint32_t bus_read(void *bus, uint32_t offset) {
    (void)bus;
    printf("R %u\n", offset);
    switch (offset) {
    case offsetof(aes_axis_regs_t, ID): return answers[0];
    case offsetof(aes_axis_regs_t, CAPS): return answers[1];
    case offsetof(aes_axis_regs_t, CTRL): return answers[2];
    case offsetof(aes_axis_regs_t, ERROR): return answers[3];
    default: return 0;
    }
}

int main(int argc, char **argv) {
    static const uint8_t key[32] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a,
                                    0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15,
                                    0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f};
    static const uint8_t iv[16] = {0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
                                   0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff};
    aes_axis_t dev;
    if (argc != 9) return 2;
    for (int i = 0; i < 4; i++) answers[i] = (uint32_t)strtoul(argv[1 + i], NULL, 0);
    size_t key_bytes = (size_t)strtoul(argv[5], NULL, 0);
    uint32_t mode = (uint32_t)strtoul(argv[6], NULL, 0);
    int decrypt = atoi(argv[7]);
    int write_only = argv[8][0] == 'w';
    printf("init %d\n", aes_axis_init(&dev, NULL, bus_write, write_only ? NULL : bus_read));
    printf("set_key %d\n", aes_axis_set_key(&dev, key, key_bytes));
    printf("set_mode %d\n", aes_axis_set_mode(&dev, mode, decrypt, iv));
    printf("commit %d\n", aes_axis_commit(&dev));
    aes_axis_clear(&dev);
    return 0;
}
