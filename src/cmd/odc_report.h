/* odcreat report: what a survey's logs say (src/cmd/report/). */
#ifndef ODC_REPORT_H
#define ODC_REPORT_H

/* odcreat report [--format=text|csv|json] [--by=...] [--journal] [FILE...]: an exit status. */
int odc_report_main(int argc, char **argv);

#endif
