// libpq, for the PostgreSQL hub (push, pull, sync with a remote, hub init and grant).
#include <libpq-fe.h>

#include "PlumbLazyLibraries.h"

static PlumbLazyLibrary libpq = {
    "libpq.so.5", "the PostgreSQL client library, for hub commands",
    "install it with Tools/install-deps.sh (Debian package libpq5)", NULL};

PLUMB_LAZY(libpq, PGconn *, PQconnectdbParams, (const char *const *keywords, const char *const *values, int expand_dbname),
           (keywords, values, expand_dbname))
PLUMB_LAZY(libpq, ConnStatusType, PQstatus, (const PGconn *conn), (conn))
PLUMB_LAZY(libpq, char *, PQerrorMessage, (const PGconn *conn), (conn))
PLUMB_LAZY(libpq, int, PQserverVersion, (const PGconn *conn), (conn))
PLUMB_LAZY_VOID(libpq, PQfinish, (PGconn *conn), (conn))
PLUMB_LAZY(libpq, PQnoticeProcessor, PQsetNoticeProcessor, (PGconn *conn, PQnoticeProcessor proc, void *arg), (conn, proc, arg))
PLUMB_LAZY(libpq, PGresult *, PQexec, (PGconn *conn, const char *query), (conn, query))
PLUMB_LAZY(libpq, PGresult *, PQexecParams,
           (PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues,
            const int *paramLengths, const int *paramFormats, int resultFormat),
           (conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat))
PLUMB_LAZY(libpq, PGresult *, PQgetResult, (PGconn *conn), (conn))
PLUMB_LAZY(libpq, int, PQputCopyData, (PGconn *conn, const char *buffer, int nbytes), (conn, buffer, nbytes))
PLUMB_LAZY(libpq, int, PQputCopyEnd, (PGconn *conn, const char *errormsg), (conn, errormsg))
PLUMB_LAZY(libpq, ExecStatusType, PQresultStatus, (const PGresult *res), (res))
PLUMB_LAZY(libpq, char *, PQresultErrorMessage, (const PGresult *res), (res))
PLUMB_LAZY(libpq, char *, PQresultErrorField, (const PGresult *res, int fieldcode), (res, fieldcode))
PLUMB_LAZY(libpq, int, PQntuples, (const PGresult *res), (res))
PLUMB_LAZY(libpq, int, PQnfields, (const PGresult *res), (res))
PLUMB_LAZY(libpq, char *, PQgetvalue, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))
PLUMB_LAZY(libpq, int, PQgetlength, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))
PLUMB_LAZY(libpq, int, PQgetisnull, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))
PLUMB_LAZY(libpq, char *, PQcmdTuples, (PGresult *res), (res))
PLUMB_LAZY_VOID(libpq, PQclear, (PGresult *res), (res))
PLUMB_LAZY_VOID(libpq, PQfreemem, (void *ptr), (ptr))
