/* The default layout's line splitter: Kafka's ``[%d] %p %m (%c)%n`` read off every
 * physical line of a chunk in one pass, instead of a Polars regex per question.
 *
 * parsers/layouts.py (``FastLines``) runs it and stands in for these expressions:
 *   start   ^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\] [A-Z]+        (then a space)
 *   logger  group 1 of  " \(([A-Za-z0-9_.$]+)(?::[0-9]+)?\)\s*$"
 *   binary  [\x00-\x08\x0E-\x1F\x7F]
 * and, on a line that starts a record, str.slice(1, 23) (the time), str.slice(26, 5)
 * stripped of trailing spaces (the level) and the message after it less the logger's
 * suffix (``_fast_message``).
 *
 * The regex crate's \d and \s are Unicode classes and str.slice counts characters, so
 * a byte >= 0x80 where it could change an answer makes this kernel decline: REDO_LINE
 * (start and logger: a \d position of the header, or the line's trailing blanks, holds
 * one) or REDO_FIELDS (the header's first 32 bytes hold one).  Python computes those
 * rows with the Polars expressions.  Elsewhere the answer is exact: every other item
 * of these patterns is ASCII and matches one byte, and the logger's suffix can match
 * at one place only (its class holds neither the space nor the parenthesis before it,
 * and only blanks may follow it).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

enum { START = 1, BINARY = 2, REDO_LINE = 4, REDO_FIELDS = 8, REDO_TIME = 16 };
/* output columns: logger, time, level, message */
#define NCOLS 4

#include "views.h"

static inline int is_digit(uint8_t c) { return c >= '0' && c <= '9'; }
/* the ASCII members of the regex crate's Unicode \s: TAB LF VT FF CR and space */
static inline int is_blank(uint8_t c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
/* [A-Za-z0-9_.$], by table: the scan back over a logger's name is the loop that runs longest */
static uint8_t LOGGER_CHAR[256];
static inline int is_logger(uint8_t c) { return LOGGER_CHAR[c]; }
static inline int is_control(uint8_t c) { return (c < 0x20 && (c < '\t' || c > '\r')) || c == 0x7F; }

#define ONES 0x0101010101010101ULL
#define HIGHS 0x8080808080808080ULL

/* Any byte of the binary class?  Eight bytes at a time: a word with no byte below 0x20
 * and none equal to 0x7F is clean; the others (tabs of stack traces, CRs) are read byte
 * by byte. */
static int has_control(const uint8_t *s, Py_ssize_t n)
{
    Py_ssize_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w, d;
        memcpy(&w, s + i, 8);
        d = w ^ (0x7F * ONES);
        if ((((w - 0x20 * ONES) & ~w) | ((d - ONES) & ~d)) & HIGHS)
            for (int k = 0; k < 8; k++)
                if (is_control(s[i + k])) return 1;
    }
    for (; i < n; i++)
        if (is_control(s[i])) return 1;
    return 0;
}

/* ^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\] [A-Z]+ : 1 yes, 0 no, -1 undecided (a byte
 * >= 0x80 where a \d is wanted: the crate's \d takes other scripts' digits).  Up to the
 * first byte that fails, every item matched one ASCII byte in both, so a failing ASCII
 * byte fails the regex too; so does a byte >= 0x80 where a literal or [A-Z] is wanted. */
static const char HEADER[] = "[0000-00-00 00:00:00,000] ";  /* '0': a digit */

static inline int digits_at(const uint8_t *s, const int *at, int k)
{
    unsigned bad = 0;
    for (int j = 0; j < k; j++) bad |= (unsigned)(uint8_t)(s[at[j]] - '0') > 9u;
    return !bad;
}

static int header(const uint8_t *s, Py_ssize_t n)
{
    static const int DIGIT_AT[] = {1, 2, 3, 4, 6, 7, 9, 10, 12, 13, 15, 16, 18, 19, 21, 22, 23};
    Py_ssize_t i;
    /* the usual case, without a branch per byte: a whole header of ASCII digits (28 bytes
     * at least: the header, a level letter and its space; a Unicode digit is longer) */
    if (n < 28) return 0;
    if (s[0] == '[' && s[5] == '-' && s[8] == '-' && s[11] == ' ' && s[14] == ':' && s[17] == ':'
        && s[20] == ',' && s[24] == ']' && s[25] == ' ' && digits_at(s, DIGIT_AT, 17)) {
        i = 26;
        goto level;
    }
    for (i = 0; i < 26; i++) {
        if (i >= n) return 0;
        uint8_t c = s[i];
        if (HEADER[i] == '0') {
            if (!is_digit(c)) return c >= 0x80 ? -1 : 0;
        } else if (c != (uint8_t)HEADER[i]) {
            return 0;
        }
    }
level:
    while (i < n && s[i] >= 'A' && s[i] <= 'Z') i++;
    return i > 26 && i < n && s[i] == ' ';
}

/* The logger of " \(([A-Za-z0-9_.$]+)(?::[0-9]+)?\)\s*$": 1 (span in *ls, *le), 0 none,
 * -1 undecided (the last byte that is not an ASCII blank is >= 0x80: it may end a
 * Unicode blank).  The match, if any, is the only one: it ends at the last ')' before
 * the trailing blanks, and its pieces are read backwards from there. */
static int logger(const uint8_t *s, Py_ssize_t n, Py_ssize_t *ls, Py_ssize_t *le)
{
    Py_ssize_t e = n;
    while (e > 0 && is_blank(s[e - 1])) e--;
    if (e == 0) return 0;
    if (s[e - 1] >= 0x80) return -1;
    if (s[e - 1] != ')') return 0;
    Py_ssize_t close = e - 1, k = close, end;
    while (k > 0 && is_digit(s[k - 1])) k--;
    /* ":digits)" ends the logger at the colon; otherwise the digits are the logger's own */
    end = (k < close && k > 0 && s[k - 1] == ':') ? k - 1 : close;
    Py_ssize_t m = end;
    while (m > 0 && is_logger(s[m - 1])) m--;
    if (m == end || m < 2 || s[m - 1] != '(' || s[m - 2] != ' ') return 0;
    *ls = m;
    *le = end;
    return 1;
}

static inline int num(const uint8_t *s, int k)
{
    int v = 0;
    for (int i = 0; i < k; i++) v = 10 * v + (s[i] - '0');
    return v;
}

/* Days from 1970-01-01 to a proleptic Gregorian date (year >= 1, month 1..12); unsigned,
 * so that the divisions by constants compile to multiplications. */
static int64_t days_from_civil(unsigned y, unsigned m, unsigned d)
{
    y -= m <= 2;
    unsigned era = y / 400, yoe = y - era * 400;
    unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return (int64_t)era * 146097 + (int64_t)doe - 719468;
}

/* "YYYY-MM-DD HH:MM:SS,mmm" (its digits checked by header()) -> milliseconds since the
 * epoch of that wall-clock time, as str.to_datetime("%Y-%m-%d %H:%M:%S,%3f") reads it;
 * 0: not a time read here (a month, day, hour, minute or second out of range, year 0),
 * which Polars then reads (and finds null, or reads some other way). */
static int wall_ms(const uint8_t *t, int64_t *out)
{
    static const int dim[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    unsigned y = (unsigned)num(t, 4), mo = (unsigned)num(t + 5, 2), d = (unsigned)num(t + 8, 2);
    unsigned h = (unsigned)num(t + 11, 2), mi = (unsigned)num(t + 14, 2), sec = (unsigned)num(t + 17, 2);
    unsigned ms = (unsigned)num(t + 20, 3);
    if (y < 1 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || sec > 59) return 0;
    unsigned leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (d > (unsigned)dim[mo - 1] + (mo == 2 && leap)) return 0;
    *out = days_from_civil(y, mo, d) * 86400000 + ((int64_t)(h * 60 + mi) * 60 + sec) * 1000 + ms;
    return 1;
}

/* View k of an output column: bytes [a, b) of source row r (its view sv, its text s),
 * over the source's own data buffers (a string of more than 12 bytes lives in one). */
static inline void put_view(uint8_t *o, const uint8_t *sv, const uint8_t *s, Py_ssize_t a, Py_ssize_t b)
{
    int32_t k = (int32_t)(b - a);
    memcpy(o, &k, 4);
    if (k <= 12) {
        memset(o + 4, 0, 12);
        memcpy(o + 4, s + a, (size_t)k);
    } else {
        int32_t off;
        memcpy(o + 4, s + a, 4);
        memcpy(o + 8, sv + 8, 4);
        memcpy(&off, sv + 12, 4);
        off += (int32_t)a;
        memcpy(o + 12, &off, 4);
    }
}

static inline void put_null(uint8_t *o) { memset(o, 0, 16); }

/* split(n, valid, views, datas, check_binary, out_flags, out_views, out_valid, out_ms)
 *   -> (logger nulls, field nulls)
 * out_flags (uint8, n): START | BINARY | REDO_LINE | REDO_FIELDS per line (BINARY only
 *   when check_binary); a null line is REDO_LINE | REDO_FIELDS.
 * out_views (NCOLS x n x 16 bytes): string views over the source's data buffers of the
 *   logger (any line), the time, the level and the message (a line with START and
 *   without REDO_FIELDS); null elsewhere.
 * out_valid (2 x ceil(n / 8) bytes): the validity of the logger, and of the three others.
 * out_ms (int64, n): the time as wall-clock milliseconds since the epoch where the fields
 *   are read and the time is one wall_ms() reads (else REDO_TIME; 0 on other lines). */
static PyObject *split(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *v, *w, *d, *of, *ov, *oa, *om;
    Py_ssize_t n;
    int check_binary;
    if (!PyArg_ParseTuple(args, "nOOOpOOOO", &n, &v, &w, &d, &check_binary, &of, &ov, &oa, &om)) return NULL;
    Strings src;
    Py_buffer flags_b = {0}, views_b = {0}, valid_b = {0}, ms_b = {0};
    PyObject *result = NULL;
    if (get_strings(n, v, w, d, &src, 1) < 0) goto done;
    if (PyObject_GetBuffer(of, &flags_b, PyBUF_WRITABLE) < 0) goto done;
    if (PyObject_GetBuffer(ov, &views_b, PyBUF_WRITABLE) < 0) goto done;
    if (PyObject_GetBuffer(oa, &valid_b, PyBUF_WRITABLE) < 0) goto done;
    if (PyObject_GetBuffer(om, &ms_b, PyBUF_WRITABLE) < 0) goto done;
    Py_ssize_t nbits = (n + 7) / 8;
    if (flags_b.len < n || views_b.len < NCOLS * 16 * n || valid_b.len < 2 * nbits
        || ms_b.len < n * (Py_ssize_t)sizeof(int64_t)) {
        PyErr_SetString(PyExc_ValueError, "output buffers too short");
        goto done;
    }
    uint8_t *flags = flags_b.buf, *lg_valid = valid_b.buf, *fd_valid = lg_valid + nbits;
    uint8_t *lg_view = views_b.buf, *ts_view = lg_view + 16 * n, *lv_view = ts_view + 16 * n,
            *msg_view = lv_view + 16 * n;
    int64_t *ms_out = ms_b.buf;
    Py_ssize_t lg_nulls = 0, fd_nulls = 0;

    Py_BEGIN_ALLOW_THREADS
    memset(lg_valid, 0, (size_t)(2 * nbits));
    for (Py_ssize_t r = 0; r < n; r++) {
        const uint8_t *sv = (const uint8_t *)src.views.buf + 16 * r;
        uint8_t f = REDO_LINE | REDO_FIELDS;
        int lg = 0, fields = 0;
        Py_ssize_t ls = -1, le = -1;
        ms_out[r] = 0;
        if (present(&src, r)) {
            int32_t len = view_len(&src, r);
            const uint8_t *s = view_data(&src, r, len);
            f = 0;
            if (check_binary && has_control(s, len)) f |= BINARY;
            int st = header(s, len);
            lg = logger(s, len, &ls, &le);
            if (st < 0 || lg < 0) {
                f |= REDO_LINE | REDO_FIELDS;
                lg = 0;
            } else if (st) {
                f |= START;
                /* str.slice counts characters: bytes are characters while they are
                 * ASCII, and the level and the message's start lie within the first 32
                 * (0..25 passed header()) */
                Py_ssize_t head = len < 32 ? len : 32;
                uint8_t hi = 0;
                for (Py_ssize_t i = 26; i < head; i++) hi |= s[i];
                if (hi >= 0x80) {
                    f |= REDO_FIELDS;
                } else {
                    Py_ssize_t lv = len < 31 ? len : 31;
                    while (lv > 26 && s[lv - 1] == ' ') lv--;
                    /* str.slice(level length + 27): past the end it is empty */
                    Py_ssize_t body = lv + 1 > len ? len : lv + 1;
                    /* the suffix goes only when it lies within the message (a message
                     * that is only "(logger)" keeps it: the regex wants the space) */
                    Py_ssize_t end = (lg && ls - 2 >= body) ? ls - 2 : len;
                    put_view(ts_view + 16 * r, sv, s, 1, 24);
                    if (!wall_ms(s + 1, &ms_out[r])) f |= REDO_TIME;
                    put_view(lv_view + 16 * r, sv, s, 26, lv);
                    put_view(msg_view + 16 * r, sv, s, body, end);
                    fields = 1;
                }
            }
            if (lg) put_view(lg_view + 16 * r, sv, s, ls, le);
        }
        flags[r] = f;
        if (lg) lg_valid[r >> 3] |= (uint8_t)(1u << (r & 7));
        else { put_null(lg_view + 16 * r); lg_nulls++; }
        if (fields) fd_valid[r >> 3] |= (uint8_t)(1u << (r & 7));
        else { put_null(ts_view + 16 * r); put_null(lv_view + 16 * r); put_null(msg_view + 16 * r); fd_nulls++; }
    }
    Py_END_ALLOW_THREADS
    result = Py_BuildValue("(nn)", lg_nulls, fd_nulls);
done:
    release(&src);
    if (flags_b.obj) PyBuffer_Release(&flags_b);
    if (views_b.obj) PyBuffer_Release(&views_b);
    if (valid_b.obj) PyBuffer_Release(&valid_b);
    if (ms_b.obj) PyBuffer_Release(&ms_b);
    return result;
}

static PyMethodDef module_methods[] = {
    {"split", split, METH_VARARGS, "Start, binary and logger of every line; time, level and message of record starts."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_layout", "The default layout's line splitter (see parsers/layouts.py).", -1,
    module_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__layout(void)
{
    for (int c = 0; c < 256; c++)
        LOGGER_CHAR[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit((uint8_t)c) || c == '_'
                         || c == '.' || c == '$';
    PyObject *m = PyModule_Create(&moduledef);
    if (!m) return NULL;
    if (PyModule_AddIntConstant(m, "START", START) < 0 || PyModule_AddIntConstant(m, "BINARY", BINARY) < 0
        || PyModule_AddIntConstant(m, "REDO_LINE", REDO_LINE) < 0
        || PyModule_AddIntConstant(m, "REDO_FIELDS", REDO_FIELDS) < 0
        || PyModule_AddIntConstant(m, "REDO_TIME", REDO_TIME) < 0
        || PyModule_AddIntConstant(m, "NCOLS", NCOLS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
