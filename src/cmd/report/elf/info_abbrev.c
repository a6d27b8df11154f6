/*
 * A unit's abbreviations (.debug_abbrev): for each code, a tag and the
 * attributes and forms its entries hold. At most ODC_ABBREVS_MAX of them
 * and ODC_ABBREV_ATTRS_MAX attributes in all, each taking bytes of the
 * section, so no table outgrows its section or these bounds.
 */
#include <stdlib.h>

#include "odc_info.h"

#define ODC_ABBREVS_MAX 65536
#define ODC_ABBREV_ATTRS_MAX (1u << 20)
#define ODC_FORM_IMPLICIT_CONST 0x21

void odc_abbrevs_free(struct odc_abbrevs *a)
{
	free(a->list);
	free(a->attrs);
	*a = (struct odc_abbrevs){ 0 };
}

/* Room in *ARRAY (of *CAP elements of SIZE bytes, USED used) for one more: false past MAX. */
static bool odc_room(void **array, size_t *cap, size_t used, size_t size, size_t max)
{
	if (used < *cap)
		return true;
	size_t more = *cap ? 2 * *cap : 64;
	void *p = more <= max ? realloc(*array, more * size) : NULL;
	if (!p)
		return false;
	*array = p;
	*cap = more;
	return true;
}

bool odc_abbrevs_read(const struct odc_bytes *abbrev, uint64_t off, struct odc_abbrevs *a)
{
	size_t cap = 0, attr_cap = 0;

	*a = (struct odc_abbrevs){ 0 };
	if (off >= abbrev->n)
		return false;
	struct odc_cur c = { abbrev->p + off, abbrev->p + abbrev->n, false };
	for (;;) {
		uint64_t code = odc_uleb(&c);
		if (c.bad || !code)
			return !c.bad;
		if (!odc_room((void **)&a->list, &cap, a->n, sizeof *a->list, ODC_ABBREVS_MAX))
			break;
		struct odc_abbrev *e = &a->list[a->n++];
		*e = (struct odc_abbrev){ code, (uint32_t)odc_uleb(&c), (uint32_t)a->n_attrs, 0, false };
		e->children = odc_fixed(&c, 1) != 0;
		for (;;) {
			uint64_t name = odc_uleb(&c), form = odc_uleb(&c);
			int64_t value = form == ODC_FORM_IMPLICIT_CONST ? odc_sleb(&c) : 0;
			if (c.bad || (!name && !form))
				break;
			if (!odc_room((void **)&a->attrs, &attr_cap, a->n_attrs, sizeof *a->attrs,
				      ODC_ABBREV_ATTRS_MAX)) {
				c.bad = true;
				break;
			}
			a->attrs[a->n_attrs++] = (struct odc_abbrev_attr){ (uint32_t)name, (uint32_t)form, value };
			e->count++;
		}
		if (c.bad)
			break;
	}
	odc_abbrevs_free(a);
	return false;
}

const struct odc_abbrev *odc_abbrev_find(const struct odc_abbrevs *a, uint64_t code)
{
	/* Compilers number them 1, 2, 3...: the code's own place first. */
	if (code - 1 < a->n && a->list[code - 1].code == code)
		return &a->list[code - 1];
	for (size_t i = 0; i < a->n; i++)
		if (a->list[i].code == code)
			return &a->list[i];
	return NULL;
}
