extension CommandSpec {
  /// `sync`: keep a calendar file or vdir folder in step with address books.
  static let sync = CommandSpec(
    name: "sync",
    abstract: "keep a calendar file or folder in step with address books",
    brief: "sync SOURCE...",
    usage: ["sync SOURCE... --to TARGET [--dry-run] [--set NAME] [options]"],
    operands: ValueSpec("SOURCE", .files(["vcf", "vcard", "csv"])),
    discussion: [
      .paragraph(
        "Makes TARGET hold exactly the events that 'bdconvert convert SOURCE...' would write "
          + "with the same options, changing only what differs. SOURCE is a vCard or CSV file, "
          + "'-' for standard input, or a folder of .vcf files (as khard and vdirsyncer keep "
          + "address books). TARGET is an .ics file (created if missing) or a folder in vdir "
          + "layout, one <UID>.ics per event, as khal and vdirsyncer read it (created if "
          + "missing when TARGET ends in '/' or does not end in .ics)."),
      .paragraph(
        "A new UID is added; a UID whose content changed is replaced with SEQUENCE one higher "
          + "and a new DTSTAMP and LAST-MODIFIED; an unchanged one is left alone (a file keeps "
          + "its bytes). Events of this sync set whose contact is gone, or lost its date, are "
          + "removed with their overrides. Only events marked X-BDCONVERT-SET:NAME are ever "
          + "changed: events added by hand or by other apps, and other sets, are left alone."),
      .paragraph(
        "The plan goes to standard output, one line per change: the title, then the date, or "
          + "what changed with its old and new value; notes in parentheses (why two events were "
          + "paired, what was held back), the UID last with -v; nothing with -q. For scripts, "
          + "--json."),
      .literal([
        "+ Birthday: Anna Berg  1990-03-04",
        "~ Birthday: Siobhán Kelly  date: 1991-12-05 → 1991-12-06",
        "~ Birthday: Ann Lee-Roy  name: Birthday: Ann Lee → Birthday: Ann Lee-Roy",
        "- Birthday: Bob Jones  --06-12",
      ]),
      .paragraph(
        "The summary goes to standard error: 'bdconvert: sync: A added, U updated, R removed, "
          + "K unchanged'; with --dry-run 'bdconvert: sync: dry run: would add A, update U, "
          + "remove R (K unchanged); nothing was changed'. "
          + "Nothing is removed because a source could not be read: a source that cannot be "
          + "used stops the sync before any change, and records that could not be read keep "
          + "their events (unless --force). Syncs of one TARGET wait for each other (an "
          + "advisory lock on a hidden .bdconvert-lock file next to it)."),
      .paragraph(
        "Contacts without a UID (Google and Outlook CSV) get a UID from their name and day. "
          + "When a sync would add one event and remove another that is evidently the same "
          + "person, it replaces the old event instead (with the new UID), noting why: the same "
          + "key ('paired: same vCard file', 'same e-mail address', 'same phone number' or "
          + "'same contact id': the name of the contact's own file (a .vcf of a vdir folder "
          + "given as SOURCE, a CardDAV resource), else its first e-mail address, else phone "
          + "number, else Outlook entry id or Google photo address, which sync writes on its "
          + "events as X-BDCONVERT-KEY, hashed, never as written; a new key alone rewrites the "
          + "event once, 'contact key' in the plan, so that a later rename still pairs), then the same title with another date ('paired: same name, "
          + "changed date'), or the same date with a close title ('paired: same date, close "
          + "name': the words of one are all in the other, or at most two letters differ). Only "
          + "unambiguous pairs are made. Events written before keys were have none: the name and "
          + "date rules pair them, and an unchanged event is not rewritten to add a key."),
      .paragraph(
        "Guards: a source with no contacts at all (an empty or failed export, an empty "
          + "address book on a server) is refused, and so is a plan that removes more than half "
          + "of the set's events when more than 2 would go (or more than --max-remove N); "
          + "nothing is changed and the exit status is 65. A record that could not be read "
          + "holds back the removal of the events that could be its own (its name is in their "
          + "title; every removal when its name could not be read either): the rest of the plan "
          + "is applied, the plan lists each event kept ('! NAME DATE (kept: could be the "
          + "unreadable record at FILE:LINE)'), a warning says how many and why, and the exit "
          + "status is 65, so that a cron job notices. An event changed in the calendar app "
          + "since the last sync (sync records what it wrote, X-BDCONVERT-DIGEST) is "
          + "overwritten with a note in the plan, or left alone with --keep-edited. Events that "
          + "'bdconvert convert' wrote into TARGET before (same UIDs, no set mark) are taken "
          + "over with one notice."),
      .paragraph(
        "TARGET may also be a CalDAV calendar URL (or a server or principal URL with "
          + "--calendar-name): one resource per event, read once per sync; new events are PUT "
          + "with If-None-Match, changed ones with If-Match, removed ones deleted with If-Match, "
          + "unchanged ones cost no request, 4 requests at a time. A resource someone changed "
          + "meanwhile is read again and planned once more; what still fails is listed and the "
          + "exit status is 75 (running again finishes the job)."),
    ],
    optionGroups: [OptionGroup("sync", SyncOption.all)]
      + ConversionHelp.groups(csv: true).map(ConversionHelp.withoutOutputFiles)
      + [ServerOption.group(calendarName: false, create: true, addressBook: true)],
    examples: [
      "bdconvert sync contacts.vcf --to birthdays.ics",
      "bdconvert sync ~/.contacts/family --to ~/.calendars/birthdays/",
      "bdconvert sync work.csv --set work --to birthdays.ics --dry-run",
      "bdconvert sync google.csv --to birthdays.ics --max-remove 5",
      "bdconvert sync contacts.vcf --to birthdays.ics --json | jq -r .uid",
      "bdconvert sync a.vcf --to https://dav.example.com/cal/me/birthdays/ --user me",
    ],
    environment: ConversionHelp.environment + ServerAccess.environment,
    exitStatuses: [
      StatusSpec(.success, "success (warnings may have been printed)"),
      StatusSpec(
        .usage,
        "usage error, a refused URL (plain HTTP to another host than loopback or, with "
          + "--allow-http, a private network's; a password in "
          + "it) or credentials that cannot be read"),
      StatusSpec(
        .dataError,
        "a source is not a contact file or holds no contacts, a calendar given as SOURCE or an "
          + "address book as TARGET (files), bad data under --strict, a mass removal refused, "
          + "TARGET is not a calendar sync can keep in step, a server answer that cannot be used "
          + "(nothing was changed); or removals held back because records could not be read "
          + "(the rest was applied)"),
      StatusSpec(
        .noInput,
        "a source cannot be opened, or a URL is not what its place wants: a CalDAV calendar "
          + "given as SOURCE, a CardDAV address book as TARGET, no collection at the URL"),
      StatusSpec(.cannotCreate, "TARGET cannot be written"),
      StatusSpec(
        .ioError, "I/O error or a full disk (one message; a vdir folder keeps the files written)"),
      StatusSpec(
        .tempFailure,
        "some changes could not be applied (listed), or a server still failed after the "
          + "retries, or --max-time or --max-wait ran out; run it again"),
      StatusSpec(
        .unavailable,
        "the server cannot be reached, its certificate is not trusted, or it answered with an "
          + "unexpected status"),
      StatusSpec(.noPermission, "the server refused the credentials"),
    ],
    run: { command, invocation throws(CommandError) in
      try Frontend.run(command, invocation, SyncCommand.run)
    })
}
