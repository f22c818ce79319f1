import { RotateCcw, Trophy } from "lucide-react";
import { useEffect, useRef } from "react";
import { DEFAULT_QUIZ_TERMS, type QuizTerms, sessionCoins } from "~/core/quiz/scoring";
import { SignUpInvite } from "~/web/components/sign-up-invite";
import { AppLink } from "~/web/components/ui/app-link";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/web/components/ui/card";
import { paths } from "~/web/config/paths";

export interface QuizResultsProps {
  quizName: string;
  score: number;
  total: number;
  /** Coins this session paid, including the completion bonus; null for guests. */
  coins: number | null;
  /** A practice round: graded, paid nothing (the quiz paid today already). */
  practice?: boolean;
  /** What the round pays: the quiz's coins per correct answer and completion bonus (default: 10 and 10). */
  terms?: QuizTerms;
  onRestart: () => void;
}

/** The 'Quiz Results' screen of docs/product.md (the page heading is 'Quiz Results'). */
export function QuizResults({
  quizName,
  score,
  total,
  coins,
  practice = false,
  terms = DEFAULT_QUIZ_TERMS,
  onRestart,
}: QuizResultsProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The results replace the question the focus was on; move it here.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <Card className="mx-auto w-full max-w-xl text-center">
      <CardHeader className="items-center">
        <Trophy aria-hidden="true" className="size-12 text-brand" strokeWidth={1.5} />
        <CardTitle as="h2" ref={headingRef} tabIndex={-1} className="text-2xl outline-none">
          {quizName}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-xl font-bold">{`You scored ${score} out of ${total}`}</p>
        {practice ? (
          <p className="text-lg">Practice round: no coins this time. This quiz pays again tomorrow.</p>
        ) : coins !== null ? (
          <>
            <p className="text-lg">
              Coins earned this session: <strong className="tabular-nums">{coins}</strong>
            </p>
            {terms.bonus > 0 ? (
              <p className="text-sm text-muted-foreground">
                {`Includes the ${terms.bonus}-coin completion bonus.`}
              </p>
            ) : null}
          </>
        ) : (
          <>
            <SignUpInvite
              what="This quiz result"
              coins={sessionCoins({ score, completed: true, signedIn: true, terms })}
            />
            <p className="text-sm text-muted-foreground">
              Already have an account?{" "}
              <AppLink
                to={paths.auth.getHref()}
                className="font-semibold text-brand underline underline-offset-4"
              >
                Log in
              </AppLink>
            </p>
          </>
        )}
      </CardContent>
      <CardFooter className="justify-center">
        <Button size="lg" onClick={onRestart} className="whitespace-normal">
          <RotateCcw aria-hidden="true" />
          Play Again or Choose New Quiz
        </Button>
      </CardFooter>
    </Card>
  );
}
