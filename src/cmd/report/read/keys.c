/*
 * A log line's keys, found by the names include/odc_log_fields.h gives
 * them: every field of every line is looked up here, so by one look in a
 * table of slots.
 */
#include <stdbool.h>
#include <stddef.h>

#include "odc_log_fields.h"
#include "odc_report_parse.h"

static const struct {
	const char *key;
	size_t len;
} odc_keys[] = {
#define ODC_FIELD_KEY(id, key, journal, quoted, room) [ODC_FIELD_##id] = { key, sizeof key - 1 },
	ODC_LOG_FIELDS(ODC_FIELD_KEY)
#undef ODC_FIELD_KEY
};

/* A loop, not memcmp: the keys are a few bytes, and a call costs more than comparing them. */
static bool odc_is_key(int f, const char *key, size_t len)
{
	if (odc_keys[f].len != len)
		return false;
	for (size_t i = 0; i < len; i++)
		if (odc_keys[f].key[i] != key[i])
			return false;
	return true;
}

/*
 * A key's slot in odc_field_slots: from its length and its first, second
 * and last bytes, which give every key of the table a slot of its own
 * (a shared one costs a look through all).
 */
static unsigned odc_key_slot(const char *key, size_t len)
{
	return ((unsigned char)key[0] * 31u + (unsigned char)key[len > 1] * 2u +
		(unsigned char)key[len - 1] + (unsigned)len * 5u) & 255;
}

/* The fields a record is made of; any other is read past. */
static bool odc_field_read(enum odc_log_field f)
{
	switch (f) {
	case ODC_FIELD_PID: case ODC_FIELD_PROG: case ODC_FIELD_PATH: case ODC_FIELD_SEMANTICS:
	case ODC_FIELD_RESULT: case ODC_FIELD_STATE: case ODC_FIELD_WOULD: case ODC_FIELD_UID:
	case ODC_FIELD_EXE: case ODC_FIELD_RUN: case ODC_FIELD_SEQ: case ODC_FIELD_LOST:
	case ODC_FIELD_SEEN: case ODC_FIELD_SCRIPT: case ODC_FIELD_WHERE: case ODC_FIELD_DIR:
	case ODC_FIELD_CALL: case ODC_FIELD_FLAGS: case ODC_FIELD_TID: case ODC_FIELD_NSPID:
		return true;
	default:
		return false;
	}
}

/* A slot two keys share, where a key is looked for among all. */
#define ODC_SLOT_SHARED 255

/*
 * The field a record is made of whose key is the LEN bytes at KEY, or
 * ODC_FIELD_COUNT: one look in a table of slots (each a field + 1), built
 * from the list at the first call. A key in a field's slot is that field
 * only if it is that field's key; where that field is one report reads
 * past, so is the key, whatever it is. Every field of every line is
 * looked up here.
 */
enum odc_log_field odc_report_field_of(const char *key, size_t len)
{
	static unsigned char slots[256];
	static bool built;

	if (!built) {
		for (int f = 0; f < ODC_FIELD_COUNT; f++) {
			unsigned char *slot = &slots[odc_key_slot(odc_keys[f].key, odc_keys[f].len)];
			*slot = *slot ? ODC_SLOT_SHARED : (unsigned char)(f + 1);
		}
		built = true;
	}
	if (len == 0)
		return ODC_FIELD_COUNT;
	int f = slots[odc_key_slot(key, len)] - 1;
	if (f + 1 == ODC_SLOT_SHARED)
		for (f = 0; f < ODC_FIELD_COUNT && !odc_is_key(f, key, len); f++)
			;
	if (f >= 0 && f < ODC_FIELD_COUNT && odc_field_read((enum odc_log_field)f) &&
	    odc_is_key(f, key, len))
		return (enum odc_log_field)f;
	return ODC_FIELD_COUNT;
}
