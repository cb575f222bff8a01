import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useT } from '../i18n';
import {
  Alert,
  Card,
  Heading,
  List,
  ListItem,
  PageLoader,
  RetryAlert,
  SelectField,
  Stack,
  Text,
} from '../kit';
import { useParentChildren } from './parent-api';

interface FamilyRequestScreenProps {
  title: string;
  intro: string;
  /** The request form, shown once the family's children are known and there is at least one. */
  form: ReactNode;
  /** The guardian's requests so far, below the form. */
  requests: ReactNode;
}

/**
 * A screen where a guardian asks the office for something about one of their children (a stop change, another
 * guardian): the title and why, the form in a card (or why there is none), and their requests below.
 */
export function FamilyRequestScreen({ title, intro, form, requests }: FamilyRequestScreenProps) {
  const { t } = useT();
  const { data, isPending, isError, error, refetch } = useParentChildren();
  return (
    <Stack gap={3} align="stretch">
      <Heading level={1}>{title}</Heading>
      <Text>{intro}</Text>
      {isPending ? (
        <PageLoader />
      ) : isError ? (
        <RetryAlert error={error} onRetry={() => void refetch()} />
      ) : data.children.length === 0 ? (
        <Alert tone="info">{t('today.noChildren')}</Alert>
      ) : (
        <Card>{form}</Card>
      )}
      {requests}
    </Stack>
  );
}

interface ChildSelectProps {
  /** The family's children. */
  family: readonly { id: string; name: string }[];
  value: string;
  onChange: (childId: string) => void;
  error?: string;
}

/** Which child a request is about; a family of one child is not asked (the caller takes that child). */
export function ChildSelect({ family, value, onChange, error }: ChildSelectProps) {
  const { t } = useT();
  if (family.length === 1) return null;
  return (
    <SelectField
      label={t('stopChanges.child')}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      options={[
        { value: '', label: t('stopChanges.chooseChild') },
        ...family.map((row) => ({ value: row.id, label: row.name })),
      ]}
    />
  );
}

interface RequestListProps<T extends { id: string }> {
  requests: UseQueryResult<T[]>;
  emptyText: string;
  label: string;
  /** The request's state, at the row's end. */
  end: (request: T) => ReactNode;
  /** What the row says of the request. */
  item: (request: T) => ReactNode;
}

/** The guardian's requests as a list in a card, with their loading, failure (Retry) and empty states. */
export function RequestList<T extends { id: string }>({
  requests,
  emptyText,
  label,
  end,
  item,
}: RequestListProps<T>) {
  if (requests.isPending) return <PageLoader />;
  if (requests.isError) return <RetryAlert error={requests.error} onRetry={() => void requests.refetch()} />;
  if (requests.data.length === 0) return <Alert tone="info">{emptyText}</Alert>;
  return (
    <Card>
      <List label={label}>
        {requests.data.map((request) => (
          <ListItem key={request.id} end={end(request)}>
            {item(request)}
          </ListItem>
        ))}
      </List>
    </Card>
  );
}
