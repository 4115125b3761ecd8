/* KCalendarCore checker: loads a calendar with KDE's calendar library (behind KOrganizer, Kontact,
 * Merkuro and KDE's birthday and reminder daemons) through ICalFormat into a MemoryCalendar, and
 * prints what it read, one tab-separated line per item:
 *   EVENT  UID  RECURRENCE-ID date or "-"  start date  recurs ("R" or "-")  SUMMARY
 *   ALARM  UID  RECURRENCE-ID date or "-"  offset from the start in seconds ("END ..." if from the end)
 * With --expand YEAR ZONE (the user's zone: TZ and the calendar's zone, as in a KDE session) it
 * also prints each occurrence KCalendarCore's own expansion (OccurrenceIterator: rules, overrides
 * and single events) gives within that year, with the local times in ZONE at which its alarms
 * fire (the alarm's offset added to the occurrence's start by KCalendarCore's Duration::end):
 *   OCCUR  date  UID  SUMMARY  alarm times ("YYYY-MM-DD HH:MM", comma-separated, sorted)
 *
 * Build: c++ -std=c++17 -fPIC kcal_check.cpp -o kcal_check $(pkg-config --cflags --libs KF5CalendarCore Qt5Core)
 * Usage: kcal_check FILE.ics [--expand YEAR ZONE]
 * Exit:  0 loaded, 2 unreadable or not loadable.
 */
#include <KCalendarCore/Alarm>
#include <KCalendarCore/Event>
#include <KCalendarCore/ICalFormat>
#include <KCalendarCore/MemoryCalendar>
#include <KCalendarCore/OccurrenceIterator>
#include <QCoreApplication>
#include <QTextStream>
#include <QTimeZone>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>

using namespace KCalendarCore;

static QString day(const QDate &date) { return date.toString(Qt::ISODate); }

static QString recurrenceId(const Incidence::Ptr &incidence) {
  return incidence->hasRecurrenceId() ? day(incidence->recurrenceId().date()) : QStringLiteral("-");
}

int main(int argc, char **argv) {
  // ZONE is the user's: floating all-day dates are read as local days (TZ) and expanded in the
  // calendar's zone, as in a KDE session in that zone.
  if (argc == 5) {
    setenv("TZ", argv[4], 1);
    tzset();
  }
  QCoreApplication app(argc, argv);
  QStringList args = app.arguments();
  if (args.size() != 2 && !(args.size() == 5 && args[2] == QLatin1String("--expand"))) {
    fprintf(stderr, "usage: kcal_check FILE.ics [--expand YEAR ZONE]\n");
    return 2;
  }
  QTimeZone zone = args.size() == 5 ? QTimeZone(args[4].toUtf8()) : QTimeZone::utc();
  if (!zone.isValid()) {
    fprintf(stderr, "unknown zone %s\n", argv[4]);
    return 2;
  }
  MemoryCalendar::Ptr calendar(new MemoryCalendar(zone));
  ICalFormat format;
  if (!format.load(calendar, args[1])) {
    fprintf(stderr, "KCalendarCore cannot load %s\n", argv[1]);
    return 2;
  }
  QTextStream out(stdout);
  out.setCodec("UTF-8");
  for (const Event::Ptr &event : calendar->rawEvents(EventSortStartDate, SortDirectionAscending)) {
    out << "EVENT\t" << event->uid() << '\t' << recurrenceId(event) << '\t' << day(event->dtStart().date()) << '\t'
        << (event->recurs() ? "R" : "-") << '\t' << event->summary() << '\n';
    for (const Alarm::Ptr &alarm : event->alarms()) {
      out << "ALARM\t" << event->uid() << '\t' << recurrenceId(event) << '\t';
      if (alarm->hasEndOffset()) out << "END ";
      Duration offset = alarm->hasStartOffset() ? alarm->startOffset() : alarm->endOffset();
      out << (offset.isDaily() ? offset.asDays() * 86400 : offset.asSeconds()) << '\n';
    }
  }
  if (args.size() == 5) {
    int year = args[3].toInt();
    OccurrenceIterator occurrences(*calendar, QDateTime(QDate(year, 1, 1), QTime(0, 0), zone),
                                   QDateTime(QDate(year, 12, 31), QTime(23, 59, 59), zone));
    while (occurrences.hasNext()) {
      occurrences.next();
      Incidence::Ptr incidence = occurrences.incidence();
      QDate date = occurrences.occurrenceStartDate().date();
      if (date.year() != year) continue;
      QStringList fires;
      for (const Alarm::Ptr &alarm : incidence->alarms()) {
        Duration offset = alarm->hasStartOffset() ? alarm->startOffset() : alarm->endOffset();
        fires << offset.end(occurrences.occurrenceStartDate()).toTimeZone(zone).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
      }
      std::sort(fires.begin(), fires.end());
      out << "OCCUR\t" << day(date) << '\t' << incidence->uid() << '\t' << incidence->summary() << '\t'
          << fires.join(QLatin1Char(',')) << '\n';
    }
  }
  return 0;
}
