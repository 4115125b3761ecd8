/* libical checker: parses each calendar with libical (the parser behind Evolution, GNOME
 * Calendar and KDE's calendar stack) and fails on any X-LIC-ERROR property, which is how libical
 * reports what it could not parse. With --expand YEAR it also prints, per VEVENT, the UID and the
 * occurrence dates libical's own recurrence iterator gives within that year; per override
 * (RECURRENCE-ID) in that year, "UID R DATE".
 *
 * Build: cc libical_check.c -o libical_check $(pkg-config --cflags --libs libical)
 * Usage: libical_check FILE.ics [--expand YEAR | --print]
 * With --print it prints the calendar as libical writes it back.
 * Exit:  0 no errors, 1 errors (each printed as "X-LIC-ERROR: ..."), 2 unreadable or unparsable.
 */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_file(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) return NULL;
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = malloc((size_t)size + 1);
  if (!text || fread(text, 1, (size_t)size, file) != (size_t)size) { fclose(file); free(text); return NULL; }
  text[size] = 0;
  fclose(file);
  return text;
}

static int count_errors(icalcomponent *component) {
  int errors = 0;
  for (icalproperty *p = icalcomponent_get_first_property(component, ICAL_XLICERROR_PROPERTY); p;
       p = icalcomponent_get_next_property(component, ICAL_XLICERROR_PROPERTY)) {
    printf("X-LIC-ERROR: %s\n", icalproperty_get_xlicerror(p));
    errors++;
  }
  for (icalcomponent *c = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT); c;
       c = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)) {
    errors += count_errors(c);
  }
  return errors;
}

static void expand(icalcomponent *calendar, int year) {
  for (icalcomponent *event = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT); event;
       event = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)) {
    struct icaltimetype start = icalcomponent_get_dtstart(event);
    icalproperty *override = icalcomponent_get_first_property(event, ICAL_RECURRENCEID_PROPERTY);
    if (override) {
      struct icaltimetype day = icalproperty_get_recurrenceid(override);
      if (day.year == year) printf("%s R %04d-%02d-%02d\n", icalcomponent_get_uid(event), day.year, day.month, day.day);
      continue;
    }
    icalproperty *rule = icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY);
    printf("%s", icalcomponent_get_uid(event));
    if (rule) {
      struct icalrecurrencetype recurrence = icalproperty_get_rrule(rule);
      icalrecur_iterator *iterator = icalrecur_iterator_new(recurrence, start);
      for (struct icaltimetype next = icalrecur_iterator_next(iterator); !icaltime_is_null_time(next);
           next = icalrecur_iterator_next(iterator)) {
        if (next.year > year) break;
        if (next.year == year) printf(" %04d-%02d-%02d", next.year, next.month, next.day);
      }
      icalrecur_iterator_free(iterator);
    } else if (start.year == year) {
      printf(" %04d-%02d-%02d", start.year, start.month, start.day);
    }
    printf("\n");
  }
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: libical_check FILE.ics [--expand YEAR | --print]\n"); return 2; }
  char *text = read_file(argv[1]);
  if (!text) { fprintf(stderr, "cannot read %s\n", argv[1]); return 2; }
  icalcomponent *calendar = icalparser_parse_string(text);
  free(text);
  if (!calendar || icalcomponent_isa(calendar) != ICAL_VCALENDAR_COMPONENT) {
    printf("X-LIC-ERROR: not a VCALENDAR\n");
    return 2;
  }
  int errors = count_errors(calendar);
  if (argc == 4 && strcmp(argv[2], "--expand") == 0) expand(calendar, atoi(argv[3]));
  if (argc == 3 && strcmp(argv[2], "--print") == 0) fputs(icalcomponent_as_ical_string(calendar), stdout);
  icalcomponent_free(calendar);
  return errors > 0 ? 1 : 0;
}
