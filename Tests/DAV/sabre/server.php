<?php
// A sabre/dav CalDAV + CardDAV server for the tests (Debian's php-sabre-dav, SQLite storage),
// run as `php -S 127.0.0.1:PORT server.php` with SABRE_DATA set to a folder of its own.
// One user, by HTTP Basic authentication: SABRE_USER and SABRE_PASSWORD (alice, secret when not
// set); the user's calendar /calendars/USER/birthdays/ and address book
// /addressbooks/USER/contacts/ exist from the start.

date_default_timezone_set('UTC');
require_once 'Sabre/autoload.php';

// Deprecations of PHP 8 in the 2013 library are not our test's business; other errors fail.
error_reporting(E_ALL & ~E_DEPRECATED & ~E_USER_DEPRECATED);
set_error_handler(function ($errno, $errstr, $errfile, $errline) {
    throw new ErrorException($errstr, 0, $errno, $errfile, $errline);
}, E_ALL & ~E_DEPRECATED & ~E_USER_DEPRECATED);

$data = getenv('SABRE_DATA');
if ($data === false || $data === '') {
    http_response_code(500);
    exit("SABRE_DATA is not set\n");
}
$user = getenv('SABRE_USER') ?: 'alice';
$password = getenv('SABRE_PASSWORD') ?: 'secret';
$database = $data . '/db.sqlite';
$new = !file_exists($database);
$pdo = new PDO('sqlite:' . $database);
$pdo->setAttribute(PDO::ATTR_ERRMODE, PDO::ERRMODE_EXCEPTION);
$pdo->setAttribute(PDO::ATTR_TIMEOUT, 30);
if ($new) {
    $pdo->exec(<<<'SQL'
        CREATE TABLE principals (id INTEGER PRIMARY KEY ASC, uri TEXT, email TEXT,
            displayname TEXT, vcardurl TEXT, UNIQUE(uri));
        CREATE TABLE groupmembers (id INTEGER PRIMARY KEY ASC, principal_id INTEGER,
            member_id INTEGER, UNIQUE(principal_id, member_id));
        CREATE TABLE calendars (id integer primary key asc, principaluri text, displayname text,
            uri text, ctag integer, description text, calendarorder integer, calendarcolor text,
            timezone text, components text, transparent bool);
        CREATE TABLE calendarobjects (id integer primary key asc, calendardata blob, uri text,
            calendarid integer, lastmodified integer, etag text, size integer,
            componenttype text, firstoccurence integer, lastoccurence integer);
        CREATE INDEX calendarobjects_uri ON calendarobjects (calendarid, uri);
        CREATE TABLE addressbooks (id integer primary key asc, principaluri text,
            displayname text, uri text, description text, ctag integer);
        CREATE TABLE cards (id integer primary key asc, addressbookid integer, carddata blob,
            uri text, lastmodified integer);
        CREATE INDEX cards_uri ON cards (addressbookid, uri);
        SQL);
    $principal = 'principals/' . $user;
    $insert = $pdo->prepare('INSERT INTO principals (uri, displayname) VALUES (?, ?)');
    foreach (['', '/calendar-proxy-read', '/calendar-proxy-write'] as $suffix) {
        $insert->execute([$principal . $suffix, $suffix === '' ? $user : null]);
    }
    $pdo->prepare("INSERT INTO calendars (principaluri, displayname, uri, ctag, components)
        VALUES (?, 'Birthdays', 'birthdays', 1, 'VEVENT,VTODO')")->execute([$principal]);
    $pdo->prepare("INSERT INTO addressbooks (principaluri, displayname, uri, ctag)
        VALUES (?, 'Contacts', 'contacts', 1)")->execute([$principal]);
}

class TestUsers extends Sabre\DAV\Auth\Backend\AbstractBasic {
    public function __construct(private string $user, private string $password) {}

    protected function validateUserPass($username, $password) {
        return hash_equals($this->user, $username) && hash_equals($this->password, $password);
    }
}

$principals = new Sabre\DAVACL\PrincipalBackend\PDO($pdo);
$server = new Sabre\DAV\Server([
    new Sabre\CalDAV\Principal\Collection($principals),
    new Sabre\CalDAV\CalendarRootNode($principals, new Sabre\CalDAV\Backend\PDO($pdo)),
    new Sabre\CardDAV\AddressBookRoot($principals, new Sabre\CardDAV\Backend\PDO($pdo)),
]);
$server->setBaseUri('/');
$server->addPlugin(new Sabre\DAV\Auth\Plugin(new TestUsers($user, $password), 'bdconvert-test'));
$server->addPlugin(new Sabre\CalDAV\Plugin());
$server->addPlugin(new Sabre\CardDAV\Plugin());
$server->addPlugin(new Sabre\DAVACL\Plugin());
$server->exec();
