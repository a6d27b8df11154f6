/*
 * The survey's would= (odc_would.h): what each mode would answer, written
 * by the log and read back by odcreat report, here alone.
 */
#include <stdbool.h>
#include <string.h>

#include "odc_log_put.h"
#include "odc_meaning.h"
#include "odc_would.h"

/* "MODE=RESULT[+made]": what MODE would answer, predicted as mode AS. */
static void odc_put_prediction(struct odc_line *l, enum odc_mode mode, enum odc_mode as, int flags,
			       const struct odc_found *f)
{
	struct odc_outcome o = odc_predict(as, flags, f);

	odc_put(l, odc_mode_name(mode));
	odc_put(l, "=");
	if (o.error)
		odc_put_result(l, -o.error);
	else
		odc_put(l, ODC_WOULD_FD);
	if (o.made)
		odc_put(l, ODC_WOULD_MADE);
}

/*
 * What every mode would answer, for a state that was read: native as the
 * kernel's meaning, and not at all where that is unknown.
 */
void odc_put_would(struct odc_line *l, int flags, const struct odc_found *f)
{
	enum odc_mode kernel = odc_kernel_meaning();

	for (int m = 0; m < ODC_MODE_COUNT; m++) {
		enum odc_mode as = m == ODC_NATIVE ? kernel : (enum odc_mode)m;
		if (as == ODC_NATIVE)
			continue;
		if (m)	/* a space before all but einval, the first, which is always there */
			odc_put(l, " ");
		odc_put_prediction(l, (enum odc_mode)m, as, flags, f);
	}
}

bool odc_would_next(const char **p, const char *end, struct odc_would_item *item)
{
	const char *s = *p;
	int next = item->mode + 1;

	if (s >= end)
		return false;
	const char *space = memchr(s, ' ', (size_t)(end - s)), *stop = space ? space : end;
	const char *eq = memchr(s, '=', (size_t)(stop - s));
	*p = stop + 1;
	*item = (struct odc_would_item){ .mode = -1 };
	if (!eq)
		return true;
	const char *answer = eq + 1;
	size_t made_len = sizeof ODC_WOULD_MADE - 1, len = (size_t)(stop - answer);
	item->made = len >= made_len && memcmp(stop - made_len, ODC_WOULD_MADE, made_len) == 0;
	item->mode = odc_mode_parse_from(s, (size_t)(eq - s), next < 0 ? 0 : next % ODC_MODE_COUNT);
	item->answer = answer;
	item->answer_len = len - (item->made ? made_len : 0);
	return true;
}
