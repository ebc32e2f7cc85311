// GNUstep's +[NSPredicate predicateWithFormat:] on activation rules, for Benchmarks/predicate-parse-vs-gnustep.sh,
// which compiles it with `gnustep-config --objc-flags` / `--base-libs` (never committed as a binary).
//   harness check LIST              prints each file of LIST (one path a line) GNUstep accepts; rejections with
//                                   GNUstep's reason go to standard error
//   harness time LIST ITERATIONS    parses every file of LIST ITERATIONS times a round, 7 rounds after one
//                                   untimed round, and prints the median round as `key=value` pairs
// Texts are read into NSStrings before timing, so only parsing is timed (as predicate-parse-benchmark --files).
#import <Foundation/Foundation.h>
#include <time.h>

static NSArray *readList(const char *listPath) {
  NSString *list = [NSString stringWithContentsOfFile: [NSString stringWithUTF8String: listPath]
                                             encoding: NSUTF8StringEncoding error: NULL];
  NSMutableArray *paths = [NSMutableArray array];
  for (NSString *line in [list componentsSeparatedByString: @"\n"]) {
    if ([line length] > 0) [paths addObject: line];
  }
  return paths;
}

static NSString *readText(NSString *path) {
  NSData *data = [NSData dataWithContentsOfFile: path];
  return data ? [[[NSString alloc] initWithData: data encoding: NSUTF8StringEncoding] autorelease] : nil;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  if (argc < 3 || (strcmp(argv[1], "check") != 0 && strcmp(argv[1], "time") != 0)) {
    fprintf(stderr, "usage: harness check LIST | harness time LIST ITERATIONS\n");
    return 2;
  }
  NSArray *paths = readList(argv[2]);
  if (strcmp(argv[1], "check") == 0) {
    for (NSString *path in paths) {
      NSString *text = readText(path);
      NSAutoreleasePool *inner = [NSAutoreleasePool new];
      @try {
        NSPredicate *predicate = text ? [NSPredicate predicateWithFormat: text argumentArray: nil] : nil;
        if (predicate) printf("%s\n", [path UTF8String]);
        else fprintf(stderr, "rejected %s: unreadable\n", [path UTF8String]);
      } @catch (NSException *exception) {
        NSString *reason = [[exception reason] stringByReplacingOccurrencesOfString: @"\n" withString: @" "];
        fprintf(stderr, "rejected %s: %s: %.160s\n", [path UTF8String], [[exception name] UTF8String],
                [reason UTF8String]);
      }
      [inner release];
    }
    [pool release];
    return 0;
  }

  long iterations = argc > 3 ? atol(argv[3]) : 1;
  NSMutableArray *texts = [NSMutableArray array];
  unsigned long bytes = 0;
  for (NSString *path in paths) {
    NSString *text = readText(path);
    if (!text) { fprintf(stderr, "cannot read %s\n", [path UTF8String]); return 2; }
    [texts addObject: text];
    bytes += [text lengthOfBytesUsingEncoding: NSUTF8StringEncoding];
  }
  enum { rounds = 7 };
  double seconds[rounds];
  unsigned long parsed = 0;
  for (int round = -1; round < rounds; round++) {
    long count = round < 0 ? (iterations / 10 > 0 ? iterations / 10 : 1) : iterations;
    double start = now();
    for (long i = 0; i < count; i++) {
      NSAutoreleasePool *inner = [NSAutoreleasePool new];
      for (NSString *text in texts) {
        if ([NSPredicate predicateWithFormat: text argumentArray: nil]) parsed++;
      }
      [inner release];
    }
    if (round >= 0) seconds[round] = now() - start;
  }
  qsort(seconds, rounds, sizeof(double), compareDoubles);
  double median = seconds[rounds / 2];
  printf("implementation=gnustep rules=%lu bytes=%lu iterations=%ld median_round_seconds=%.6f best_round_seconds=%.6f"
         " rules_per_second=%.0f mb_per_second=%.2f parsed=%lu\n",
         (unsigned long)[texts count], bytes, iterations, median, seconds[0],
         [texts count] * iterations / median, bytes * iterations / median / 1e6, parsed);
  [pool release];
  return 0;
}
