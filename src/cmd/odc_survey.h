/* odcreat survey start|stop|status (src/cmd/survey/). */
#ifndef ODC_SURVEY_H
#define ODC_SURVEY_H

/* odcreat survey start [-l LOG] | stop | status: an exit status. */
int odc_survey_main(int argc, char **argv);

#endif
