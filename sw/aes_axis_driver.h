// SPDX-License-Identifier: Apache-2.0
// aes_axis_driver: a small C driver for the aes_axis IP (docs/aes_axis.md), built on the
// register headers generated from rtl/bus/aes_axis_regs.rdl. Portable C99, no allocation.
//
// Register access goes through two function pointers, so the same driver runs on a CPU
// (aes_axis_init_mmio: volatile loads and stores) and in the Verilator harness of
// `aeshw run`, which turns the accesses into AXI4-Lite transactions.
//
// Use: init -> set_key -> set_mode (and IV) -> commit -> stream data on s_axis -> ...
// -> clear. A COMMIT's bus write returns only once the context is active (the IP holds
// the write response), so data streamed after aes_axis_commit() returns uses the new key.
#ifndef AES_AXIS_DRIVER_H
#define AES_AXIS_DRIVER_H

#include <stddef.h>
#include <stdint.h>

#include "aes_axis_codes.h"
#include "aes_axis_regs.h"

#ifdef __cplusplus
extern "C" {
#endif

// XTS (IEEE 1619) as a mode code of this driver: {CTRL.MODE_HI, CTRL.MODE}.
#define AES_AXIS_MODE_XTS ((AES_AXIS_MODE_HI_XTS << 2) | AES_AXIS_MODE_ECB)

typedef struct aes_axis {
    void *bus;                                                   // handed to the accessors
    void (*write)(void *bus, uint32_t offset, uint32_t value);
    uint32_t (*read)(void *bus, uint32_t offset);
    uint32_t caps;                                               // CAPS, read by init (0: unknown)
    uint32_t ctrl;                                               // the CTRL value staged by this driver
} aes_axis_t;

enum aes_axis_status {
    AES_AXIS_OK = 0,
    AES_AXIS_E_ID = -1,          // no aes_axis at this address (ID mismatch)
    AES_AXIS_E_ARG = -2,         // bad argument: key length, mode code, NULL IV where one is needed
    AES_AXIS_E_UNSUPPORTED = -3, // the build lacks this key size, direction or mode (CAPS)
    AES_AXIS_E_REFUSED = -4,     // the IP refused the COMMIT (ERROR.BAD_CONFIG); old context kept
    AES_AXIS_E_FAULT = -5        // a fault was detected (ERROR.FAULT): key wiped, IP stopped until reset
};

// Bind accessors and check the ID; reads CAPS. Returns AES_AXIS_OK or AES_AXIS_E_ID.
// `read` may be NULL (a write-only bus): no ID or CAPS check, commit cannot see a refusal.
// The driver keeps its own copy of CTRL, so set_key and set_mode never read the IP.
int aes_axis_init(aes_axis_t *dev, void *bus, void (*write)(void *, uint32_t, uint32_t),
                  uint32_t (*read)(void *, uint32_t));
// The same for a memory-mapped IP at `base`.
int aes_axis_init_mmio(aes_axis_t *dev, volatile void *base);

// Stage a key of 16, 24 or 32 bytes (KEY0..KEY7, unused words zero) and its KEY_LEN.
// The key only takes effect at the next commit. Checked against CAPS.
int aes_axis_set_key(aes_axis_t *dev, const uint8_t *key, size_t key_bytes);
// XTS: stage key 2 (the tweak key, KEY2_0..7) after set_key; it has key 1's length.
// The IP refuses a COMMIT whose two keys are equal (SP 800-38E).
int aes_axis_set_key2(aes_axis_t *dev, const uint8_t *key2, size_t key_bytes);
// Stage the mode (AES_AXIS_MODE_*, AES_AXIS_MODE_XTS), the direction and the IV / initial
// counter block / XTS tweak of the first data unit (16 bytes; NULL for ECB and GCM, whose IV
// is in-band). Checked against CAPS.
int aes_axis_set_mode(aes_axis_t *dev, uint32_t mode, int decrypt, const uint8_t *iv);
// Write only the staging registers (set_key + set_mode) and COMMIT, without reading back:
// for a bus that cannot answer reads synchronously (the harness). Arguments as above; for
// XTS `key` is key 1 then key 2 (key_bytes 32, 48 or 64), equal halves refused (E_ARG).
int aes_axis_stage_and_commit(aes_axis_t *dev, const uint8_t *key, size_t key_bytes,
                              uint32_t mode, int decrypt, const uint8_t *iv);
// Make the staged configuration active. Returns AES_AXIS_E_REFUSED when the IP set
// ERROR.BAD_CONFIG (the previous context stays in force), AES_AXIS_E_FAULT when ERROR.FAULT
// is set (FAULT_DETECT builds: the IP refuses every COMMIT until reset).
int aes_axis_commit(aes_axis_t *dev);
// STATUS and ERROR registers as read; aes_axis_clear_errors clears the given ERROR bits.
uint32_t aes_axis_status(aes_axis_t *dev);
uint32_t aes_axis_errors(aes_axis_t *dev);
void aes_axis_clear_errors(aes_axis_t *dev, uint32_t bits);
// Zeroize staged and active key, IV and data in the IP (CLEAR). CTRL is kept, as in the IP.
void aes_axis_clear(aes_axis_t *dev);

#ifdef __cplusplus
}
#endif

#endif /* AES_AXIS_DRIVER_H */
